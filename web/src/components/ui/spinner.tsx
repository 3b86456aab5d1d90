import { LoaderCircle } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

export type SpinnerProps = {
  className?: string;
  /** Announced to screen readers; omit when visible text next to the spinner already says it. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin text-brand-600", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
