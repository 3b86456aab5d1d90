import { TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** Shown when a page throws while rendering: a way out instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>Something went wrong · Tagit</title>
      <Card className="flex w-full max-w-md flex-col items-center gap-4 px-6 py-10 text-center">
        <TriangleAlert className="size-10 text-amber-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-slate-600">This page hit an unexpected error. Reloading usually helps.</p>
        {detail ? <p className="rounded bg-slate-100 px-3 py-2 text-sm text-slate-700">{detail}</p> : null}
        <div className="flex gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="outline" onClick={() => window.location.assign("/")}>
            Home
          </Button>
        </div>
      </Card>
    </main>
  );
}
