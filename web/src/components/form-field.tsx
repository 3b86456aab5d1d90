import type { ReactNode } from "react";
import { Label } from "#web/components/ui/label.tsx";
import { cn } from "#web/lib/cn.ts";

export type FormFieldProps = {
  id: string;
  label: string;
  /** Validation message; linked to the input through `errorId(id)`. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

export const errorId = (id: string) => `${id}-error`;

/** Visible label + control + message. The control must carry `id` and `aria-describedby={errorId(id)}`. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <p id={errorId(id)} role={error ? "alert" : undefined} className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
