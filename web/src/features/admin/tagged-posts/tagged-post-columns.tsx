import { EyeOff, Trash2 } from "lucide-react";
import type { AdminTaggedPost } from "#contract/api/admin-moderation.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatDateTime, shortId } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
import { PostImageCells } from "./post-image-cells.tsx";

export type TaggedPostActions = {
  onHide: (post: AdminTaggedPost) => void;
  onDelete: (post: AdminTaggedPost) => void;
};

/**
 * The Tagged posts table's columns: ID, User, Post Name, Images, Settings, Created, and the actions: hide a
 * visible post pending review, delete it.
 */
export function taggedPostColumns({ onHide, onDelete }: TaggedPostActions): AdminColumn<AdminTaggedPost>[] {
  return [
    {
      id: "id",
      header: "ID",
      size: 96,
      cell: ({ row }) => <span title={row.original.id}>{shortId(row.original.id)}</span>,
    },
    {
      id: "user",
      accessorFn: (post) => post.userTagg ?? post.userEmail,
      header: "User",
      size: 180,
      cell: ({ row }) => (
        <span title={row.original.userEmail}>
          {row.original.userTagg ? `@${row.original.userTagg}` : row.original.userEmail}
        </span>
      ),
    },
    {
      accessorKey: "postName",
      header: "Post Name",
      size: 200,
      enableSorting: true,
      cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.postName}</span>,
    },
    { id: "images", header: "Images", size: 110, cell: ({ row }) => <PostImageCells post={row.original} /> },
    {
      id: "settings",
      header: "Settings",
      size: 200,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={row.original.scrambleImage ? "default" : "outline"}>
            {row.original.scrambleImage ? "Scrambled" : "Original"}
          </Badge>
          {row.original.hidePersonalInfo ? <Badge variant="secondary">No Personal Info</Badge> : null}
          {row.original.isVisible ? null : <Badge variant="destructive">Hidden</Badge>}
          {row.original.reportCount > 0 ? (
            <Badge variant="destructive">
              {row.original.reportCount === 1 ? "1 report" : `${row.original.reportCount} reports`}
            </Badge>
          ) : null}
        </div>
      ),
    },
    {
      accessorKey: "createdAt",
      header: "Created",
      size: 184,
      enableSorting: true,
      sortFn: "datetime",
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 104,
      cell: ({ row }) => (
        <div className="flex gap-1">
          {row.original.isVisible ? (
            <RowActionButton
              label={`Hide ${row.original.postName} pending review`}
              icon={EyeOff}
              onClick={() => onHide(row.original)}
            />
          ) : null}
          <RowActionButton
            label={`Delete ${row.original.postName}`}
            icon={Trash2}
            onClick={() => onDelete(row.original)}
            destructive
          />
        </div>
      ),
    },
  ];
}
