import { Pencil, Trash2 } from "lucide-react";
import type { Cost } from "#contract/api/admin-money.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
import { formatCostAmount } from "./cost-money.ts";

export type CostActions = {
  onEdit: (cost: Cost) => void;
  onDelete: (cost: Cost) => void;
};

/** How a cost is named in a button's label and a confirmation: "Hosting, 12.50 USD on 2026-11-27". */
export const costName = (cost: Cost) =>
  `${cost.service}, ${formatCostAmount(cost.amount, cost.currency)} on ${cost.date}`;

/** The costs table: Date, Service, Description, Category, Amount, Notes, and the row's actions. */
export function costColumns({ onEdit, onDelete }: CostActions): AdminColumn<Cost>[] {
  return [
    { accessorKey: "date", header: "Date", size: 120, enableSorting: true },
    {
      accessorKey: "service",
      header: "Service",
      size: 160,
      enableSorting: true,
      cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.service}</span>,
    },
    { accessorKey: "description", header: "Description", size: 240 },
    { accessorKey: "category", header: "Category", size: 140, enableSorting: true },
    {
      id: "amount",
      header: "Amount",
      size: 140,
      enableSorting: true,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatCostAmount(row.original.amount, row.original.currency)}</span>
      ),
    },
    { id: "notes", header: "Notes", size: 200, cell: ({ row }) => row.original.notes ?? "" },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 96,
      cell: ({ row }) => (
        <div className="flex gap-1">
          <RowActionButton
            label={`Edit ${costName(row.original)}`}
            icon={Pencil}
            onClick={() => onEdit(row.original)}
          />
          <RowActionButton
            label={`Delete ${costName(row.original)}`}
            icon={Trash2}
            onClick={() => onDelete(row.original)}
            destructive
          />
        </div>
      ),
    },
  ];
}
