import type { Cost } from "#contract/api/admin-money.ts";
import type { AdminColumn } from "../admin-table.tsx";
import { formatCostAmount } from "./cost-money.ts";

/** The costs table (spec 2 §2): Date, Service, Description, Category, Amount, Notes. */
export function costColumns(): AdminColumn<Cost>[] {
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
      cell: ({ row }) => (
        <span className="tabular-nums">{formatCostAmount(row.original.amount, row.original.currency)}</span>
      ),
    },
    { id: "notes", header: "Notes", size: 200, cell: ({ row }) => row.original.notes ?? "" },
  ];
}
