import { Compass } from "lucide-react";
import { Link, useLocation } from "react-router";
import { PageTitle } from "#web/components/page-title.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** Any path the router does not know. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 items-center px-4 py-12">
      <PageTitle title="Page Not Found" />
      <Card className="flex w-full flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
        <p className="text-slate-600">
          There is no page at{" "}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{pathname}</code>. Did you
          forget to add the page to the router?
        </p>
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      </Card>
    </div>
  );
}
