import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useId } from "react";

export type PanelSectionProps = { title: string; icon: LucideIcon; aside?: ReactNode; children: ReactNode };

/** One titled block of the montage maker's side panel. */
export function PanelSection({ title, icon: Icon, aside, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-b border-slate-100 p-4 last:border-b-0 sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Icon className="size-4 text-brand-600" aria-hidden="true" />
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
