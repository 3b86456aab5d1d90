import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";

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
    <div role="status" className={cn("grid gap-3", className)}>
      <span className="sr-only">{label}</span>
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
    </div>
  );
}
