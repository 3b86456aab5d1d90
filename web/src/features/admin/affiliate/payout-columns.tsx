import { Check, Eye, X } from "lucide-react";
import type { AdminPayout } from "#contract/api/admin-money.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatMoney } from "#web/lib/money.ts";
import { formatDate } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";

const METHOD_LABELS: Record<string, string> = { bank_transfer: "Bank Transfer", paypal: "PayPal" };
const DETAIL_LABELS: Record<string, string> = {
  accountDetails: "Holder",
  sortCode: "Sort code",
  accountNumber: "Account",
  paypalEmail: "PayPal",
};

export const payoutStatusLabel = (status: string) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1) : "-";

/** "Holder: Ada Lovelace, Sort code: 12-**-**, Account: ****5678". */
export const detailsText = (details: Record<string, string>) =>
  Object.entries(details)
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${value}`)
    .join(", ");

/** "Ada Lovelace's payout": how the row's buttons name it. */
export const payoutName = (payout: AdminPayout) =>
  `${payout.member.firstName} ${payout.member.lastName}'s payout`;

export type PayoutActions = {
  onComplete: (payout: AdminPayout) => void;
  onReject: (payout: AdminPayout) => void;
  onReveal: (payout: AdminPayout) => void;
};

/** The payouts table: member, amount, method, masked details, status, dates and the administrator's actions. */
export function payoutColumns({ onComplete, onReject, onReveal }: PayoutActions): AdminColumn<AdminPayout>[] {
  return [
    {
      id: "member",
      header: "Member",
      size: 180,
      cell: ({ row }) => {
        const { member } = row.original;
        return (
          <span className="font-medium text-slate-900">
            {member.firstName} {member.lastName}
            {member.tagg ? <span className="block text-xs text-slate-600">@{member.tagg}</span> : null}
          </span>
        );
      },
    },
    {
      id: "amount",
      header: "Amount",
      size: 110,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatMoney(row.original.amount, row.original.currency)}</span>
      ),
    },
    {
      id: "method",
      header: "Method",
      size: 130,
      cell: ({ row }) => METHOD_LABELS[row.original.payoutMethod] ?? row.original.payoutMethod,
    },
    {
      id: "details",
      header: "Details",
      size: 240,
      cell: ({ row }) => <span className="text-sm">{detailsText(row.original.maskedDetails)}</span>,
    },
    {
      id: "status",
      header: "Status",
      size: 110,
      cell: ({ row }) => (
        <span className="grid gap-1">
          <Badge variant={row.original.status === "completed" ? "default" : "neutral"}>
            {payoutStatusLabel(row.original.status)}
          </Badge>
          {row.original.adminNotes ? (
            <span className="text-xs text-slate-600">{row.original.adminNotes}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "requestedAt",
      header: "Requested",
      size: 120,
      cell: ({ row }) => formatDate(row.original.requestedAt),
    },
    {
      id: "processedAt",
      header: "Processed",
      size: 120,
      cell: ({ row }) => (row.original.processedAt ? formatDate(row.original.processedAt) : "-"),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 150,
      cell: ({ row }) => {
        const payout = row.original;
        const name = payoutName(payout);
        return (
          <div className="flex gap-1">
            <RowActionButton
              label={`Reveal full details of ${name}`}
              icon={Eye}
              onClick={() => onReveal(payout)}
            />
            {payout.status === "requested" ? (
              <>
                <RowActionButton
                  label={`Mark ${name} completed`}
                  icon={Check}
                  onClick={() => onComplete(payout)}
                />
                <RowActionButton label={`Reject ${name}`} icon={X} onClick={() => onReject(payout)} />
              </>
            ) : null}
          </div>
        );
      },
    },
  ];
}
