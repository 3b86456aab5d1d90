import { RefreshCw, TriangleAlert } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";

export type LoadErrorProps = {
  message: string;
  /** The failed query, retried by Try Again. */
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
};

/** The error state of a section whose data failed to load, with a Try Again button. */
export function LoadError({ message, query }: LoadErrorProps) {
  return (
    <Alert variant="destructive" role="alert" className="items-center">
      <TriangleAlert aria-hidden="true" />
      <p className="flex-1">{message}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RefreshCw aria-hidden="true" />
        Try Again
      </Button>
    </Alert>
  );
}
