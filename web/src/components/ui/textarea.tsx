import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn(
        "min-h-24 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 sm:text-sm",
        "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30",
        "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70",
        "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/30",
        className,
      )}
      {...props}
    />
  );
}
