import { ArrowLeft, FileText } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import type { TermsResponse } from "#contract/api/terms.ts";
import { DEFAULT_TERMS_TITLE } from "#contract/content-defaults.ts";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { sanitizeHtml } from "#web/lib/sanitize-html.ts";
import { useTerms } from "./use-terms.ts";

// One locale and the UTC day: the server renders this page's first HTML (decision 056), and the browser's
// own locale or time zone would make its first render read differently.
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

function TermsDocument({ terms }: { terms: TermsResponse }) {
  const html = useMemo(() => sanitizeHtml(terms.content), [terms.content]);
  const updated = terms.updatedAt ? new Date(terms.updatedAt) : null;
  return (
    <Card>
      <CardHeader className="border-b border-slate-100 pb-5">
        <CardTitle>{terms.title.trim() || DEFAULT_TERMS_TITLE}</CardTitle>
        {updated && !Number.isNaN(updated.getTime()) ? (
          <p className="text-sm text-slate-500">
            Last updated <time dateTime={updated.toISOString()}>{dateFormat.format(updated)}</time>
          </p>
        ) : null}
      </CardHeader>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: administrator HTML, allow-list sanitised above */}
      <CardContent className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
    </Card>
  );
}

function TermsUnavailable() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <FileText className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Terms and Conditions Not Available</h2>
      <p className="max-w-md text-slate-600">
        The terms and conditions are currently being updated. Please check back soon.
      </p>
    </Card>
  );
}

/** /terms (everyone). */
export function TermsPage() {
  const terms = useTerms();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle title="Terms and Conditions" />
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Terms and Conditions</h1>
      <p className="mt-2 mb-6 text-slate-600">Please read these terms carefully before using our service.</p>
      <QueryState
        query={terms}
        loading={<PageSpinner label="Loading terms..." className="py-16" />}
        error={() => (
          <Alert variant="destructive" className="items-center">
            <p className="flex-1">We could not load the terms right now. Please try again.</p>
            <Button size="sm" variant="outline" onClick={() => terms.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        isEmpty={(document) => !document.content.trim()}
        empty={<TermsUnavailable />}
      >
        {(document) => <TermsDocument terms={document} />}
      </QueryState>
    </div>
  );
}
