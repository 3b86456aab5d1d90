import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import type { AdminTagg } from "#contract/api/admin-taggs.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { shortId } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
import { subscriptionColumn } from "../subscription-column.tsx";
import { holderName } from "./tagg-holder.ts";

export type TaggActions = {
  onEdit: (tagg: AdminTagg) => void;
  onToggleVisibility: (tagg: AdminTagg) => void;
  onDelete: (tagg: AdminTagg) => void;
  /** The tagg whose visibility is being changed, if any. */
  togglingId: string | null;
};

/** The Taggs table's columns. */
export function taggColumns({
  onEdit,
  onToggleVisibility,
  onDelete,
  togglingId,
}: TaggActions): AdminColumn<AdminTagg>[] {
  return [
    {
      id: "id",
      header: "ID",
      size: 96,
      cell: ({ row }) => <span title={row.original.id}>{shortId(row.original.id)}</span>,
    },
    { accessorKey: "firstName", header: "First Name", size: 130, enableSorting: true },
    { accessorKey: "lastName", header: "Last Name", size: 130, enableSorting: true },
    {
      accessorKey: "tagg",
      header: "Tagg",
      enableSorting: true,
      // Who holds it, so nobody deletes a member's handle without seeing whose it is.
      cell: ({ row }) => {
        const holder = holderName(row.original);
        return (
          <div className="flex flex-col">
            <span className="font-medium text-slate-900">@{row.original.tagg}</span>
            <span className="text-xs text-slate-500">{holder ? `Held by ${holder}` : "Not held"}</span>
          </div>
        );
      },
    },
    { accessorKey: "email", header: "Email", size: 200, enableSorting: true },
    { accessorKey: "reason", header: "Reason", size: 160, cell: ({ row }) => row.original.reason ?? "" },
    subscriptionColumn<AdminTagg>(),
    {
      id: "status",
      header: "Status",
      size: 100,
      cell: ({ row }) =>
        row.original.isHidden ? (
          <Badge variant="destructive">Hidden</Badge>
        ) : (
          <Badge variant="outline">Visible</Badge>
        ),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 128,
      cell: ({ row }) => {
        const tagg = row.original;
        const hidden = tagg.isHidden;
        return (
          <div className="flex gap-1">
            <RowActionButton label={`Edit @${tagg.tagg}`} icon={Pencil} onClick={() => onEdit(tagg)} />
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label={hidden ? `Show @${tagg.tagg}` : `Hide @${tagg.tagg}`}
              disabled={togglingId === tagg.id}
              onClick={() => onToggleVisibility(tagg)}
            >
              {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            </Button>
            <RowActionButton
              label={`Delete @${tagg.tagg}`}
              icon={Trash2}
              onClick={() => onDelete(tagg)}
              destructive
            />
          </div>
        );
      },
    },
  ];
}
