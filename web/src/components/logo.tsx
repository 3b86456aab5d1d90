import { Tag } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

export type LogoProps = {
  className?: string;
  /** Use on dark or coloured backgrounds. */
  inverted?: boolean;
};

/** The Tagit word mark. Decorative mark + text; wrap it in a link where it navigates. */
export function Logo({ className, inverted = false }: LogoProps) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-xl font-bold tracking-tight", className)}>
      <span
        aria-hidden="true"
        className={cn(
          "flex size-8 items-center justify-center rounded-lg shadow-sm",
          inverted ? "bg-white text-brand-700" : "bg-brand-600 text-white",
        )}
      >
        <Tag className="size-4.5" strokeWidth={2.5} />
      </span>
      <span className={inverted ? "text-white" : "text-slate-900"}>Tagit</span>
    </span>
  );
}
