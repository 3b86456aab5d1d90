import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

/** A grey placeholder block shown while content loads. Decorative: the loading region says "loading". */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("rounded-lg bg-slate-200 motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}
