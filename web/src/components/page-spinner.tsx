import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";

export type PageSpinnerProps = {
  /** Visible text under the spinner, e.g. "Loading dashboard...". */
  label?: string;
  className?: string;
};

/** Centred loading state for a whole page or section. */
export function PageSpinner({ label = "Loading...", className }: PageSpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-1 flex-col items-center justify-center gap-3 py-24 text-slate-600", className)}
    >
      <Spinner className="size-8" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
