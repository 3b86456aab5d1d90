import { useMemo, useState } from "react";
import { toast } from "sonner";
import { type AdminPayout, PAYOUT_STATUSES } from "#contract/api/admin-money.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { formatMoney } from "#web/lib/money.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { AffiliateSettingsCard } from "./affiliate-settings-card.tsx";
import { detailsText, payoutColumns, payoutName, payoutStatusLabel } from "./payout-columns.tsx";
import { useAffiliateAdmin } from "./use-affiliate-admin.ts";

type Decision = { payout: AdminPayout; status: "completed" | "rejected" };
const ALL = "all";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
      </CardContent>
    </Card>
  );
}

/** Affiliate System: the programme's settings, its real totals, and the payouts to process. */
export function AffiliateSection({ search }: AdminSectionProps) {
  const [status, setStatus] = useState<string>("requested");
  const list = useAdminList(ADMIN_URLS.affiliatePayouts, {
    search,
    status: status === ALL ? undefined : status,
  });
  const { stats, process, reveal } = useAffiliateAdmin();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState("");
  const [revealed, setRevealed] = useState<{ payout: AdminPayout; details: Record<string, string> } | null>(
    null,
  );

  const columns = useMemo(
    () =>
      payoutColumns({
        onComplete: (payout) => {
          setNote("");
          setDecision({ payout, status: "completed" });
        },
        onReject: (payout) => {
          setNote("");
          setDecision({ payout, status: "rejected" });
        },
        onReveal: (payout) =>
          reveal.mutate(payout.id, {
            onSuccess: ({ payoutDetails }) => setRevealed({ payout, details: payoutDetails }),
            onError: (error) =>
              toast.error("Error", { description: errorMessage(error, "Failed to reveal the details") }),
          }),
      }),
    [reveal.mutate],
  );

  const confirm = () => {
    if (!decision) return;
    const { payout, status: next } = decision;
    if (next === "rejected" && !note.trim()) {
      toast.error("Update Failed", { description: "Give a note when rejecting a payout" });
      return;
    }
    process.mutate(
      { id: payout.id, body: { status: next, adminNotes: note.trim() || null } },
      {
        onSuccess: () => {
          toast.success(next === "completed" ? "Payout Completed" : "Payout Rejected", {
            description:
              next === "completed"
                ? `${formatMoney(payout.amount, payout.currency)} to ${payout.member.firstName} is marked paid.`
                : `${formatMoney(payout.amount, payout.currency)} is back in ${payout.member.firstName}'s balance.`,
          });
          setDecision(null);
        },
        onError: (error) => {
          toast.error("Update Failed", { description: errorMessage(error, "Failed to update the payout") });
          setDecision(null);
        },
      },
    );
  };

  const s = stats.data;
  const money = (minor: number | undefined) => (s ? formatMoney(minor ?? 0, s.currency) : "…");
  return (
    <div className="grid gap-4">
      <AffiliateSettingsCard />
      {stats.isError ? <p role="alert">Failed to load affiliate totals</p> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Affiliates" value={s ? String(s.affiliates) : "…"} />
        <Stat label="Referrals" value={s ? `${s.referrals} (${s.confirmedReferrals} confirmed)` : "…"} />
        <Stat label="Payouts paid" value={money(s?.payoutsTotal)} />
        <Stat label="Pending payouts" value={money(s?.pendingPayoutsTotal)} />
      </div>
      <div className="flex items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="payout-status">Payouts</Label>
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger id="payout-status" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAYOUT_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {payoutStatusLabel(value)}
                </SelectItem>
              ))}
              <SelectItem value={ALL}>All</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
      <AdminTable
        label="Payouts"
        collapsible={{ columns: ["details"], rowName: payoutName }}
        columns={columns}
        list={list}
        getRowId={(payout) => payout.id}
        empty={status === "requested" ? "No pending payouts" : "No payouts found"}
        noun={{ one: "payout", many: "payouts" }}
        loadError="Failed to load payouts"
      />
      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(open) => !open && setDecision(null)}
        title={decision?.status === "rejected" ? "Reject Payout" : "Complete Payout"}
        description={
          decision
            ? decision.status === "completed"
              ? `Mark ${formatMoney(decision.payout.amount, decision.payout.currency)} to ${decision.payout.member.firstName} ${decision.payout.member.lastName} as paid?`
              : `Reject ${formatMoney(decision.payout.amount, decision.payout.currency)} to ${decision.payout.member.firstName} ${decision.payout.member.lastName}? The money returns to their balance.`
            : ""
        }
        confirmLabel={decision?.status === "rejected" ? "Reject Payout" : "Mark Completed"}
        destructive={decision?.status === "rejected"}
        pending={process.isPending}
        onConfirm={confirm}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="payout-note">
            {decision?.status === "rejected" ? "Note to the member (required)" : "Note (optional)"}
          </Label>
          <Textarea
            id="payout-note"
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </ConfirmDialog>
      <Dialog open={revealed !== null} onOpenChange={(open) => !open && setRevealed(null)}>
        <DialogContent>
          <DialogTitle>Payout Details</DialogTitle>
          <DialogDescription>
            The full details for {revealed?.payout.member.firstName} {revealed?.payout.member.lastName}. This
            look is recorded in the audit log.
          </DialogDescription>
          <p className="break-words font-mono text-sm">{revealed ? detailsText(revealed.details) : ""}</p>
        </DialogContent>
      </Dialog>
    </div>
  );
}
