import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  /** 0–100; null for an indeterminate bar. */
  value: number | null;
};

/** A progress bar (role="progressbar"). Give it an accessible name with aria-label or aria-labelledby. */
export function Progress({ className, value, ...props }: ProgressProps) {
  return (
    <ProgressPrimitive.Root
      value={value}
      max={100}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full bg-brand-600 transition-[width] duration-200",
          value === null && "w-1/3 motion-safe:animate-pulse",
        )}
        style={value === null ? undefined : { width: `${value}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
