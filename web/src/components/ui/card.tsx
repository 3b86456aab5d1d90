import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-sm", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6 pb-0", className)} {...props} />;
}

export type CardTitleProps = ComponentProps<"h2"> & {
  /** Heading level; 2 unless the card holds the page's main heading. */
  level?: 1 | 2 | 3;
};

export function CardTitle({ className, level = 2, ...props }: CardTitleProps) {
  const Heading = `h${level}` as const;
  return <Heading className={cn("text-xl font-semibold tracking-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex items-center gap-3 border-t border-slate-100 px-6 py-4", className)}
      {...props}
    />
  );
}
