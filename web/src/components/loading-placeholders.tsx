import type { ReactNode } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";

// Loading states for QueryState's `loading`: each is a role="status" region that says what is loading.

export type LoadingStatusProps = {
  /** Said to screen readers while the placeholder shows, e.g. "Loading your links...". */
  label: string;
  className?: string;
  /** Skeleton blocks in the shape of what is coming. */
  children: ReactNode;
};

/** Skeleton blocks of any shape, announced as a status with a label only screen readers hear. */
export function LoadingStatus({ label, className, children }: LoadingStatusProps) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

export type LoadingLineProps = { children: ReactNode; className?: string };

/** A spinner and a visible "Loading …" line, announced as a status. */
export function LoadingLine({ children, className }: LoadingLineProps) {
  return (
    <p role="status" className={cn("flex items-center gap-2 text-slate-600", className)}>
      <Spinner /> {children}
    </p>
  );
}

export type ListSkeletonProps = {
  /** Said to screen readers while the list loads, e.g. "Loading your search history...". */
  label: string;
  rows?: number;
  /** Size and shape of each row's picture (an avatar by default). */
  mediaClassName?: string;
  className?: string;
};

/** Loading placeholder of a list whose rows are a picture and two lines of text. */
export function ListSkeleton({
  label,
  rows = 3,
  mediaClassName = "size-10 rounded-full",
  className,
}: ListSkeletonProps) {
  return (
    <LoadingStatus label={label} className={cn("grid gap-3", className)}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3">
          <Skeleton className={mediaClassName} />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </LoadingStatus>
  );
}

export type CardGridSkeletonProps = {
  /** Said to screen readers while the cards load. */
  label: string;
  count: number;
  /** The grid classes of the cards it stands in for, so nothing jumps when they arrive. */
  gridClassName: string;
  /** Cards that end with a badge (a post's Public / Private) get its placeholder too. */
  withBadge?: boolean;
};

/** Loading placeholder of a grid of image cards: an image and two lines of text each. */
export function CardGridSkeleton({ label, count, gridClassName, withBadge = false }: CardGridSkeletonProps) {
  return (
    <LoadingStatus label={label}>
      <div className={gridClassName}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <Skeleton className="aspect-4/3 rounded-none" />
            <div className="grid gap-2 p-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
              {withBadge ? <Skeleton className="h-5 w-20 rounded-full" /> : null}
            </div>
          </div>
        ))}
      </div>
    </LoadingStatus>
  );
}
