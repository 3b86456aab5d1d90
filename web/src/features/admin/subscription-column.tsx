import type { RowData } from "@tanstack/react-table";
import { Badge } from "#web/components/ui/badge.tsx";
import { subscriptionLabel } from "./admin-display.ts";
import type { AdminColumn } from "./admin-table.tsx";

/** The Subscription column of the Taggs and Profiles tables: Paid, Free, the raw value or Unknown. */
export function subscriptionColumn<
  T extends RowData & { subscriptionStatus: string | null },
>(): AdminColumn<T> {
  return {
    id: "subscription",
    header: "Subscription",
    size: 120,
    cell: ({ row }) => {
      const label = subscriptionLabel(row.original.subscriptionStatus);
      return <Badge variant={label === "Paid" ? "premium" : "neutral"}>{label}</Badge>;
    },
  };
}
