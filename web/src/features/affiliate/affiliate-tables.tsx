import type { ReactNode } from "react";
import type { AffiliateDashboard } from "#contract/api/affiliate.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { formatMoney } from "#web/lib/money.ts";
import { formatDate, formatPercentage, isHighlightedStatus, statusLabel } from "./affiliate-display.ts";

export function StatusBadge({ kind, status }: { kind: "referral" | "earning" | "payout"; status: string }) {
  return (
    <Badge variant={isHighlightedStatus(kind, status) ? "default" : "neutral"}>{statusLabel(status)}</Badge>
  );
}

type TableProps = { label: string; columns: string[]; empty: string; rows: ReactNode[] };

const TAB = "min-w-0 px-1 text-[13px] sm:px-3 sm:text-sm";

function DataTable({ label, columns, empty, rows }: TableProps) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
        {empty}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2.5">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{rows}</tbody>
      </table>
    </div>
  );
}

const cell = "px-4 py-3 align-middle text-slate-700";

/** Referrals / Earnings / Payouts, each with its columns and its empty text. */
export function AffiliateTables({ data }: { data: AffiliateDashboard }) {
  return (
    <Tabs defaultValue="referrals">
      {/* On a phone the three tabs share the width, so none is scrolled out of sight. */}
      <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-fit">
        <TabsTrigger value="referrals" className={TAB}>
          Referrals ({data.referrals.length})
        </TabsTrigger>
        <TabsTrigger value="earnings" className={TAB}>
          Earnings ({data.earnings.length})
        </TabsTrigger>
        <TabsTrigger value="payouts" className={TAB}>
          Payouts ({data.payouts.length})
        </TabsTrigger>
      </TabsList>
      <TabsContent value="referrals">
        <DataTable
          label="Referrals"
          columns={["User", "Status", "Commission", "Referred Date", "Subscription Date"]}
          empty="No referrals yet. Start sharing your link!"
          rows={data.referrals.map((referral) => (
            <tr key={referral.id}>
              <td className={cell}>
                <span className="font-medium text-slate-900">{referral.referredName}</span>
                {referral.referredTagg ? (
                  <span className="block text-xs text-slate-500">@{referral.referredTagg}</span>
                ) : null}
              </td>
              <td className={cell}>
                <StatusBadge kind="referral" status={referral.status} />
              </td>
              <td className={cell}>{formatPercentage(referral.commissionPercentage)}%</td>
              <td className={cell}>{formatDate(referral.createdAt)}</td>
              <td className={cell}>{formatDate(referral.subscriptionDate)}</td>
            </tr>
          ))}
        />
      </TabsContent>
      <TabsContent value="earnings">
        <DataTable
          label="Earnings"
          columns={["Amount", "Currency", "Status", "Date"]}
          empty="No earnings yet. Refer users who subscribe to start earning!"
          rows={data.earnings.map((earning) => (
            <tr key={earning.id}>
              <td className={`${cell} font-semibold text-slate-900 tabular-nums`}>
                {formatMoney(earning.amount, earning.currency)}
              </td>
              <td className={cell}>{earning.currency}</td>
              <td className={cell}>
                <StatusBadge kind="earning" status={earning.status} />
              </td>
              <td className={cell}>{formatDate(earning.createdAt)}</td>
            </tr>
          ))}
        />
      </TabsContent>
      <TabsContent value="payouts">
        <DataTable
          label="Payouts"
          columns={["Amount", "Status", "Requested", "Processed"]}
          empty="No payout requests yet"
          rows={data.payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={`${cell} font-semibold text-slate-900 tabular-nums`}>
                {formatMoney(payout.amount, payout.currency)}
              </td>
              <td className={cell}>
                <StatusBadge kind="payout" status={payout.status} />
                {payout.adminNotes ? (
                  <p className="mt-1 text-xs text-slate-600">{payout.adminNotes}</p>
                ) : null}
              </td>
              <td className={cell}>{formatDate(payout.requestedAt)}</td>
              <td className={cell}>{formatDate(payout.processedAt)}</td>
            </tr>
          ))}
        />
      </TabsContent>
    </Tabs>
  );
}
