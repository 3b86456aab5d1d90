import { Pencil, ShieldMinus, ShieldPlus, Trash2 } from "lucide-react";
import type { AdminProfile } from "#contract/api/admin-profiles.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatUtcDay, shortId } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
import { subscriptionColumn } from "../subscription-column.tsx";

export type ProfileActions = {
  onEdit: (profile: AdminProfile) => void;
  onDelete: (profile: AdminProfile) => void;
  /** Make Administrator or Remove Administrator, by the member's role now. */
  onChangeRole: (profile: AdminProfile) => void;
};

/** How a profile is named in a button's label: its tagg, else its e-mail. */
export const profileName = (profile: AdminProfile) => (profile.tagg ? `@${profile.tagg}` : profile.email);

/** The Profiles table's columns. */
export function profileColumns({
  onEdit,
  onDelete,
  onChangeRole,
}: ProfileActions): AdminColumn<AdminProfile>[] {
  return [
    {
      id: "id",
      header: "ID",
      size: 96,
      cell: ({ row }) => <span title={row.original.id}>{shortId(row.original.id)}</span>,
    },
    {
      accessorKey: "tagg",
      header: "Tagg",
      size: 140,
      enableSorting: true,
      cell: ({ row }) =>
        row.original.tagg ? <span className="font-medium text-slate-900">@{row.original.tagg}</span> : "—",
    },
    {
      id: "displayName",
      accessorFn: (profile) => `${profile.firstName} ${profile.lastName}`,
      header: "Display Name",
      size: 160,
      enableSorting: true,
    },
    {
      accessorKey: "email",
      header: "Email",
      size: 220,
      enableSorting: true,
      cell: ({ row }) => (
        <span className="grid gap-0.5">
          <span className="flex items-center gap-1.5">
            <span className="truncate">{row.original.email}</span>
            {row.original.emailVerified ? null : <Badge variant="outline">Unverified</Badge>}
          </span>
          {row.original.pendingEmail ? (
            <span
              className="truncate text-xs text-slate-500"
              title={`Waiting for the member to confirm: ${row.original.pendingEmail}`}
            >
              pending: {row.original.pendingEmail}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "role",
      header: "Role",
      size: 130,
      cell: ({ row }) =>
        row.original.role === "admin" ? (
          <Badge
            title={
              row.original.roleFromConfig
                ? "Set by the server's ADMIN_EMAILS setting: it cannot be removed in the panel"
                : undefined
            }
          >
            Administrator
          </Badge>
        ) : (
          <span className="text-slate-600">Member</span>
        ),
    },
    { id: "ipAddress", header: "IP Address", size: 130, cell: ({ row }) => row.original.ipAddress ?? "N/A" },
    subscriptionColumn<AdminProfile>(),
    {
      accessorKey: "lastActive",
      header: "Last Active",
      size: 140,
      enableSorting: true,
      // A day ("YYYY-MM-DD"): its text sorts as its date does.
      sortFn: "alphanumeric",
      cell: ({ row }) => formatUtcDay(row.original.lastActive),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 128,
      cell: ({ row }) => (
        <div className="flex gap-1">
          {row.original.roleFromConfig ? null : row.original.role === "admin" ? (
            <RowActionButton
              label={`Remove Administrator ${profileName(row.original)}`}
              icon={ShieldMinus}
              onClick={() => onChangeRole(row.original)}
            />
          ) : (
            <RowActionButton
              label={`Make Administrator ${profileName(row.original)}`}
              icon={ShieldPlus}
              onClick={() => onChangeRole(row.original)}
            />
          )}
          <RowActionButton
            label={`Edit ${profileName(row.original)}`}
            icon={Pencil}
            onClick={() => onEdit(row.original)}
          />
          <RowActionButton
            label={`Delete ${profileName(row.original)}`}
            icon={Trash2}
            onClick={() => onDelete(row.original)}
            destructive
          />
        </div>
      ),
    },
  ];
}
