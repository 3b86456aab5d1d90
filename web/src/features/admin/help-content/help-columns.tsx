import { Pencil, Trash2 } from "lucide-react";
import type { AdminHelpContent } from "#contract/api/admin-content.ts";
import { Button } from "#web/components/ui/button.tsx";
import { formatDateTime } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { excerpt } from "../content-display.ts";

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
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`Edit help for ${row.original.sectionName}`}
            onClick={() => onEdit(row.original)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8 text-red-700 hover:text-red-800"
            aria-label={`Delete help for ${row.original.sectionName}`}
            onClick={() => onDelete(row.original)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];
}
