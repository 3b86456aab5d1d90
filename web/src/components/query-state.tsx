import type { ReactNode } from "react";
import { type QueryViewInput, type QueryViewOptions, queryView } from "#web/lib/query-view.ts";
import { LoadError } from "./load-error.tsx";

export type QueryStateProps<T> = QueryViewOptions<T> & {
  /** A TanStack query result (useQuery's answer). */
  query: QueryViewInput<T> & { error: unknown; refetch: () => Promise<unknown> };
  /** Shown until the first answer: a skeleton or spinner with role="status" and a spoken label. */
  loading: ReactNode;
  /** The message of a LoadError with Try Again, or a function that draws the failure itself. */
  error: string | ((error: unknown) => ReactNode);
  /** Shown for an empty answer (see isEmpty); nothing when left out. */
  empty?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
};

/**
 * The loading / error / empty / data states of one query, in one place for every list and section:
 * `<QueryState query={q} loading={<Skeleton…/>} error="Failed to load …" empty={<EmptyState…/>}>
 * {(items) => …}</QueryState>`. Renders no wrapper of its own.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  empty = null,
  children,
  ...options
}: QueryStateProps<T>) {
  const view = queryView(query, options);
  if (view === "loading") return loading;
  if (view === "error") {
    return typeof error === "string" ? <LoadError message={error} query={query} /> : error(query.error);
  }
  if (view === "empty" || query.data === undefined || query.data === null) return empty;
  return children(query.data);
}
