import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5",
  {
    variants: {
      variant: {
        default: "border-transparent bg-brand-100 text-brand-800",
        neutral: "border-slate-200 bg-white/90 text-slate-700",
        premium: "border-premium-400 bg-premium-100 text-premium-800",
        destructive: "border-transparent bg-red-100 text-red-800",
        secondary: "border-transparent bg-slate-200 text-slate-800",
        outline: "border-slate-300 bg-transparent text-slate-700",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
