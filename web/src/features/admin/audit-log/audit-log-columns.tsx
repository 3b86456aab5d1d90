import type { AuditLogItem } from "#contract/api/admin.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { actionLabel, formatDateTime, shortId, summaryLines } from "../admin-display.ts";
import type { AdminColumn } from "../admin-table.tsx";

/** "Tagg update, 28 Nov 2026, 10:03": an entry as its row's Details toggle names it. */
export const auditEntryName = (item: AuditLogItem) =>
  `${actionLabel(item.action)}, ${formatDateTime(item.createdAt)}`;

/** The Audit Log's columns: when, who, what, to which target, and what changed. */
export const auditLogColumns: AdminColumn<AuditLogItem>[] = [
  {
    accessorKey: "createdAt",
    header: "When",
    size: 184,
    enableSorting: true,
    sortFn: "datetime",
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: "actor",
    header: "Actor",
    enableSorting: true,
    cell: ({ row }) => `${row.original.actor.firstName} ${row.original.actor.lastName}`,
  },
  {
    accessorKey: "action",
    header: "Action",
    size: 150,
    enableSorting: true,
    cell: ({ row }) => <Badge variant="neutral">{actionLabel(row.original.action)}</Badge>,
  },
  {
    id: "target",
    header: "Target",
    size: 150,
    cell: ({ row }) => (
      <span title={row.original.targetId}>
        {row.original.targetType} {shortId(row.original.targetId)}
      </span>
    ),
  },
  {
    id: "changes",
    header: "Changes",
    size: 360,
    cell: ({ row }) => (
      <ul className="grid gap-0.5 text-xs whitespace-normal text-slate-600">
        {summaryLines(row.original.summary).map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
    ),
  },
];
