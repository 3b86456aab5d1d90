import { Pencil, Trash2 } from "lucide-react";
import type { AdminHelpContent } from "#contract/api/admin-content.ts";
import { formatDateTime } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { excerpt } from "../content-display.ts";
import { RowActionButton } from "../row-action-button.tsx";

export type HelpActions = {
  onEdit: (help: AdminHelpContent) => void;
  onDelete: (help: AdminHelpContent) => void;
};

/** The help texts, one per section. */
export function helpColumns({ onEdit, onDelete }: HelpActions): AdminColumn<AdminHelpContent>[] {
  return [
    { accessorKey: "sectionName", header: "Section Name", size: 170, enableSorting: true },
    { accessorKey: "title", header: "Title", size: 180, enableSorting: true },
    {
      id: "content",
      header: "Content",
      size: 320,
      cell: ({ row }) => <span title={row.original.content}>{excerpt(row.original.content)}</span>,
    },
    {
      id: "updatedAt",
      header: "Updated",
      size: 150,
      cell: ({ row }) => formatDateTime(row.original.updatedAt),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 100,
      cell: ({ row }) => (
        <div className="flex gap-1">
          <RowActionButton
            label={`Edit help for ${row.original.sectionName}`}
            icon={Pencil}
            onClick={() => onEdit(row.original)}
          />
          <RowActionButton
            label={`Delete help for ${row.original.sectionName}`}
            icon={Trash2}
            onClick={() => onDelete(row.original)}
            destructive
          />
        </div>
      ),
    },
  ];
}
