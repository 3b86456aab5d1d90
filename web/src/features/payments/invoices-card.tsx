import { ExternalLink, Receipt } from "lucide-react";
import type { Invoice } from "#contract/api/payments.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { formatMoney } from "#web/lib/money.ts";
import { INVOICE_STATUS_LABEL } from "./billing-display.ts";
import { formatPeriodEnd } from "./payments-display.ts";
import { useInvoices } from "./use-payments.ts";

/** "Receipts": the member's invoices, newest first, each with its receipt (Stripe's hosted invoice or ours). */
export function InvoicesCard() {
  const invoices = useInvoices();
  return (
    <Card role="region" aria-labelledby="invoices-title" className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle id="invoices-title" className="flex items-center gap-2">
          <Receipt className="size-5 text-slate-500" aria-hidden="true" />
          Receipts
        </CardTitle>
        <CardDescription>Every Premium payment, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={invoices}
          loading={
            <div role="status" aria-label="Loading receipts" className="grid gap-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          }
          error="Failed to load your receipts"
          empty={<EmptyState icon={Receipt} title="No payments yet" description="Receipts appear here." />}
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label="Invoices">
              {list.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const date = formatPeriodEnd(invoice.createdAt) ?? "";
  const amount = formatMoney(invoice.amount, invoice.currency);
  const paid = invoice.status === "paid";
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <div className="grid">
        <span className="text-sm font-medium text-slate-900">{date}</span>
        <span className="text-sm text-slate-600">Premium — {amount}</span>
      </div>
      <div className="flex items-center gap-3">
        <Badge variant={paid ? "default" : "destructive"}>{INVOICE_STATUS_LABEL[invoice.status]}</Badge>
        <a
          href={invoice.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`${paid ? "Receipt" : "Invoice"} of ${date}, ${amount} (opens in a new tab)`}
        >
          {paid ? "Receipt" : "Invoice"}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </div>
    </li>
  );
}
