import { Eye, Trash2, TriangleAlert } from "lucide-react";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import { REPORT_REASON_LABELS, type ReportReason } from "#contract/api/posts.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatDateTime, shortId } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { burstExplanation, burstLabel, countedExplanation, countedOfTotalLines } from "./report-labels.ts";

/** "Spam or scam ×2, No reason given ×1", the most given first. */
export function reasonsSummary(reasons: AdminReportedPost["reasons"]): string {
  return Object.entries(reasons)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => {
      const label = reason === "none" ? "No reason given" : REPORT_REASON_LABELS[reason as ReportReason];
      return `${label ?? reason} ×${n}`;
    })
    .join(", ");
}

export type ReportedPostActions = {
  onDismiss: (post: AdminReportedPost) => void;
  onDelete: (post: AdminReportedPost) => void;
  dismissingId: string | null;
};

/** The post's name, and below it the burst flag when its reporters look like one (decision 049). */
function PostNameCell({ post }: { post: AdminReportedPost }) {
  return (
    <div className="grid justify-items-start gap-1 whitespace-normal">
      <span className="block max-w-full truncate font-medium text-slate-900">{post.postName}</span>
      {post.burst ? (
        <Badge
          variant="destructive"
          className="items-start rounded-md whitespace-normal"
          title={burstExplanation(post.burst.accounts)}
        >
          <TriangleAlert aria-hidden="true" className="mt-px shrink-0" />
          {burstLabel(post.burst.accounts)}
        </Badge>
      ) : null}
    </div>
  );
}

/** "3 counted" over "of 11 reports", with what counts said in its description. */
function ReportCountCell({ post }: { post: AdminReportedPost }) {
  const [counted, ofTotal] = countedOfTotalLines(post.countedReports, post.reportCount);
  return (
    <div className="whitespace-normal" title={countedExplanation(post.countedReports, post.reportCount)}>
      <span className="block font-medium text-slate-900">{counted}</span>{" "}
      <span className="block text-xs text-slate-600">{ofTotal}</span>
    </div>
  );
}

/** The report queue's columns (spec 2 §2, DESIGN "Moderation"). */
export function reportedPostColumns({
  onDismiss,
  onDelete,
  dismissingId,
}: ReportedPostActions): AdminColumn<AdminReportedPost>[] {
  return [
    {
      id: "postId",
      header: "Post ID",
      size: 96,
      cell: ({ row }) => <span title={row.original.postId}>{shortId(row.original.postId)}</span>,
    },
    {
      accessorKey: "postName",
      header: "Post Name",
      size: 180,
      enableSorting: true,
      cell: ({ row }) => <PostNameCell post={row.original} />,
    },
    { accessorKey: "userEmail", header: "Owner Email", size: 200, enableSorting: true },
    {
      // Sorted by the counted reports, as the queue is; the cell shows them of all reports.
      accessorKey: "countedReports",
      header: "Report Count",
      size: 148,
      enableSorting: true,
      sortFn: "alphanumeric",
      cell: ({ row }) => <ReportCountCell post={row.original} />,
    },
    {
      id: "reasons",
      header: "Reasons",
      size: 220,
      cell: ({ row }) => (
        <span className="text-xs whitespace-normal text-slate-600">
          {reasonsSummary(row.original.reasons)}
        </span>
      ),
    },
    {
      id: "visibility",
      header: "Status",
      size: 184,
      cell: ({ row }) =>
        row.original.isVisible ? (
          <Badge variant="outline">Visible</Badge>
        ) : (
          <Badge variant="destructive">Hidden pending review</Badge>
        ),
    },
    {
      accessorKey: "lastReportedAt",
      header: "Last Reported",
      size: 184,
      enableSorting: true,
      sortFn: "datetime",
      cell: ({ row }) => formatDateTime(row.original.lastReportedAt),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 264,
      cell: ({ row }) => (
        <div className="flex gap-1.5">
          <Button
            size="sm"
            variant="outline"
            disabled={dismissingId === row.original.postId}
            onClick={() => onDismiss(row.original)}
            aria-label={`Dismiss the reports of ${row.original.postName}`}
          >
            <Eye aria-hidden="true" />
            Dismiss
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onDelete(row.original)}
            aria-label={`Delete Post ${row.original.postName}`}
          >
            <Trash2 aria-hidden="true" />
            Delete Post
          </Button>
        </div>
      ),
    },
  ];
}
