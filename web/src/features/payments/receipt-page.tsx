import { ArrowLeft, Printer } from "lucide-react";
import { Link, useParams } from "react-router";
import type { Receipt } from "#contract/api/payments.ts";
import { Logo } from "#web/components/logo.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatMoney } from "#web/lib/money.ts";
import { cardLabel, INVOICE_STATUS_LABEL } from "./billing-display.ts";
import { formatPeriodEnd } from "./payments-display.ts";
import { useReceipt } from "./use-payments.ts";

/** /payments/receipts/:id (members): a printable receipt of one of the member's own payments. */
export function ReceiptPage() {
  const { id = "" } = useParams();
  const receipt = useReceipt(id);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8 sm:px-6 print:p-0">
      <PageTitle title="Receipt" />
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Button asChild variant="outline">
          <Link to="/payments">
            <ArrowLeft aria-hidden="true" />
            Back to Premium
          </Link>
        </Button>
        {receipt.data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print receipt
          </Button>
        ) : null}
      </div>
      <QueryState
        query={receipt}
        loading={<PageSpinner label="Loading receipt..." className="py-16" />}
        error="This receipt could not be found"
      >
        {(data) => <ReceiptSheet receipt={data} />}
      </QueryState>
    </div>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const amount = formatMoney(receipt.amount, receipt.currency);
  const period = [formatPeriodEnd(receipt.periodStart), formatPeriodEnd(receipt.periodEnd)].filter(Boolean);
  const rows: [string, string][] = [
    ["Receipt number", receipt.id],
    ["Date", formatPeriodEnd(receipt.createdAt) ?? ""],
    ...(receipt.paidAt ? ([["Paid on", formatPeriodEnd(receipt.paidAt) ?? ""]] as [string, string][]) : []),
    ...(receipt.card ? ([["Payment method", cardLabel(receipt.card)]] as [string, string][]) : []),
  ];
  return (
    <article
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 print:border-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <Logo />
        <div className="text-right">
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Receipt
          </h1>
          <Badge variant={receipt.status === "paid" ? "default" : "destructive"} className="mt-1">
            {INVOICE_STATUS_LABEL[receipt.status]}
          </Badge>
        </div>
      </header>
      <dl className="mt-8 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
        <dt className="text-slate-500">Billed to</dt>
        <dd className="text-slate-900">
          <span className="font-medium">{receipt.billedTo.name}</span>
          <br />
          {receipt.billedTo.email}
        </dd>
      </dl>
      <table className="mt-8 w-full text-sm">
        <caption className="sr-only">What was paid</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            <th scope="col" className="py-2 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100">
            <td className="py-3">
              Tagit Premium, monthly
              {period.length === 2 ? (
                <span className="block text-slate-500">
                  {period[0]} – {period[1]}
                </span>
              ) : null}
            </td>
            <td className="py-3 text-right">{amount}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-semibold">
              {receipt.status === "paid" ? "Amount paid" : "Amount due"}
            </th>
            <td className="pt-3 text-right text-lg font-bold">{amount}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-10 text-xs text-slate-500">
        Thank you for supporting Tagit. Keep this receipt for your records.
      </p>
    </article>
  );
}
