import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { Cost, MoneyByCurrency } from "#contract/api/admin-money.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { costColumns, costName } from "./cost-columns.tsx";
import { CostDialog } from "./cost-dialog.tsx";
import { formatTotals } from "./cost-money.ts";
import { useCostFigures, useCostMutations } from "./use-costs.ts";

function Figure({ label, totals, loading }: { label: string; totals?: MoneyByCurrency; loading: boolean }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">
        {loading ? "…" : formatTotals(totals ?? [])}
      </dd>
    </div>
  );
}

/**
 * Cost Tracking: the total headline, the month's unit economics beside it, and the costs, each
 * editable and deletable (the figures follow).
 */
export function CostsSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.costs);
  const list = useAdminList(ADMIN_URLS.costs, { search, ...sort });
  const { total, economics } = useCostFigures();
  const { remove } = useCostMutations();
  const [editing, setEditing] = useState<Cost | null>(null);
  const [deleting, setDeleting] = useState<Cost | null>(null);
  const columns = useMemo(() => costColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Cost Deleted", { description: `${costName(deleting)} was deleted.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete cost") }),
    });
  };
  const month = economics.data?.month;

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Total Costs</CardTitle>
            <CardDescription>Every cost recorded, one total per currency.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-end justify-between gap-3">
            <p className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="costs-total">
              {total.isPending ? "…" : total.isError ? "Failed to load" : formatTotals(total.data.totals)}
            </p>
            <Button type="button" onClick={() => onAddOpenChange(true)}>
              <Plus aria-hidden="true" />
              Add Cost
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Unit Economics{month ? ` (${month})` : ""}</CardTitle>
            <CardDescription>
              This month's Premium revenue (paid invoices less refunds) and costs, beside the affiliate
              commission still owed and already paid out.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {economics.isError ? (
              <p role="alert">Failed to load the unit economics</p>
            ) : (
              <dl className="grid gap-4 sm:grid-cols-4">
                <Figure
                  label="Premium revenue"
                  totals={economics.data?.revenue}
                  loading={economics.isPending}
                />
                <Figure
                  label="Costs this month"
                  totals={economics.data?.costs}
                  loading={economics.isPending}
                />
                <Figure
                  label="Commission owed"
                  totals={economics.data?.commissionOwed}
                  loading={economics.isPending}
                />
                <Figure
                  label="Commission paid"
                  totals={economics.data?.commissionPaid}
                  loading={economics.isPending}
                />
              </dl>
            )}
          </CardContent>
        </Card>
      </div>
      <AdminTable
        label="Costs"
        collapsible={{ columns: ["notes"], rowName: costName }}
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(cost) => cost.id}
        empty="No costs recorded yet"
        noun={{ one: "cost", many: "costs" }}
        loadError="Failed to load costs"
      />
      <CostDialog open={addOpen} onOpenChange={onAddOpenChange} />
      <CostDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} cost={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Cost"
        description={
          deleting
            ? `Delete ${costName(deleting)}? The totals and the unit economics will no longer count it. This action cannot be undone.`
            : ""
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
