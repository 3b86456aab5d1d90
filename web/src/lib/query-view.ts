/** What a list or section needs to know of a TanStack query result to choose what to show. */
export type QueryViewInput<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
};

export type QueryViewOptions<T> = {
  /** An answer with nothing to show; by default an empty array. null and undefined always count as empty. */
  isEmpty?: (data: NonNullable<T>) => boolean;
  /** A failed refetch keeps the data already shown (a list behind a poll) instead of showing the error. */
  keepDataOnError?: boolean;
  /** Try Again on a failed query shows the loading state again rather than the error. */
  loadingWhileRetrying?: boolean;
};

export type QueryView = "loading" | "error" | "empty" | "data";

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** Which of the four states a query is in, in that order of precedence. Pure: unit-tested. */
export function queryView<T>(query: QueryViewInput<T>, options: QueryViewOptions<T> = {}): QueryView {
  const { isEmpty = isEmptyArray, keepDataOnError = false, loadingWhileRetrying = false } = options;
  if (query.isPending) return "loading";
  if (loadingWhileRetrying && query.isFetching && query.data === undefined) return "loading";
  if (query.isError && !(keepDataOnError && query.data !== undefined)) return "error";
  if (query.data === undefined || query.data === null || isEmpty(query.data)) return "empty";
  return "data";
}
