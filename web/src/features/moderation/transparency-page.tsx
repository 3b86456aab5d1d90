import { ArrowLeft, ChartColumn, Info } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { MODERATION_LIMITS, type TransparencyMonth } from "#contract/api/moderation.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import {
  FEWER_THAN_TEN,
  formatMedianHours,
  formatMonth,
  formatPublishedCount,
  MEDIAN_EXPLANATION,
  MEDIAN_LABEL,
  MEDIAN_NOT_PUBLISHED,
  MEDIAN_NOT_PUBLISHED_EXPLANATION,
  MEDIAN_NOT_PUBLISHED_REASON,
  TRANSPARENCY_FIGURES,
} from "./transparency-display.ts";
import { useTransparency } from "./use-transparency.ts";

const EXPLANATIONS_ID = "what-the-figures-count";

/** One month's figures as a two-column table: readable on a 360 px phone without scrolling sideways. */
function MonthTable({ month }: { month: TransparencyMonth }) {
  const headingId = useId();
  const median = formatMedianHours(month.medianHoursToDecide);
  const name = formatMonth(month.month);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <Table>
        <caption className="sr-only">Moderation figures for {name}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Figure</TableHead>
            <TableHead scope="col" className="text-right">
              Number
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {TRANSPARENCY_FIGURES.map((figure) => (
            <TableRow key={figure.key}>
              <TableHead scope="row" className="font-medium text-slate-800">
                {figure.label}
              </TableHead>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatPublishedCount(month[figure.key])}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableHead scope="row" className="font-medium text-slate-800">
              {MEDIAN_LABEL}
            </TableHead>
            <TableCell className="text-right tabular-nums">
              {median ?? (
                <>
                  {MEDIAN_NOT_PUBLISHED}
                  <span className="block text-xs text-slate-500">({MEDIAN_NOT_PUBLISHED_REASON})</span>
                </>
              )}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}

function Explanations() {
  return (
    <section aria-labelledby={EXPLANATIONS_ID} className="grid gap-3">
      <h2 id={EXPLANATIONS_ID} className="text-xl font-semibold text-slate-900">
        What each figure counts
      </h2>
      <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {TRANSPARENCY_FIGURES.map((figure) => (
          <div key={figure.key} className="grid gap-0.5">
            <dt className="font-medium text-slate-900">{figure.label}</dt>
            <dd className="text-sm text-slate-600">{figure.explanation}</dd>
          </div>
        ))}
        <div className="grid gap-0.5">
          <dt className="font-medium text-slate-900">{MEDIAN_LABEL}</dt>
          <dd className="text-sm text-slate-600">
            {MEDIAN_EXPLANATION} {MEDIAN_NOT_PUBLISHED_EXPLANATION}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">Months are calendar months in UTC.</p>
    </section>
  );
}

/** /transparency (everyone, server-rendered like /terms): the monthly moderation figures (issue 44). */
export function TransparencyPage() {
  const transparency = useTransparency();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="Transparency" />
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Transparency</h1>
        <p className="text-slate-600">
          Each month: how many posts members reported, what was hidden or removed and how, how many members
          appealed, and how many decisions were reversed. Every decision comes with its reason and a way to
          appeal; see the{" "}
          <Link to="/terms" className="text-brand-700 underline underline-offset-2">
            terms
          </Link>{" "}
          for the rules.
        </p>
      </header>
      <Alert variant="info">
        <Info aria-hidden="true" />
        <p>
          Any figure under {MODERATION_LIMITS.transparencyMinimum} reads “{FEWER_THAN_TEN}”, so that no single
          member or case can be picked out.
        </p>
      </Alert>
      <section aria-labelledby="transparency-months" className="grid gap-6">
        <h2 id="transparency-months" className="text-xl font-semibold text-slate-900">
          Month by month
        </h2>
        <QueryState
          query={transparency}
          loading={<PageSpinner label="Loading the figures..." className="py-16" />}
          error={() => (
            <Alert variant="destructive" role="alert" className="items-center">
              <p className="flex-1">We could not load the figures right now. Please try again.</p>
              <Button size="sm" variant="outline" onClick={() => void transparency.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          isEmpty={(answer) => answer.months.length === 0}
          empty={
            <EmptyState
              icon={ChartColumn}
              title="No figures published yet"
              description="The figures are published here month by month."
            />
          }
        >
          {(answer) => answer.months.map((month) => <MonthTable key={month.month} month={month} />)}
        </QueryState>
      </section>
      <Explanations />
    </div>
  );
}
