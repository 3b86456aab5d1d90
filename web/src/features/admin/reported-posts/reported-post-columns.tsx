import { Eye, EyeOff, Trash2, TriangleAlert } from "lucide-react";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import { REPORT_REASON_LABELS, type ReportReason } from "#contract/api/posts.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatDateTime, shortId } from "../admin-display.ts";
import { ACTIONS_COLUMN_ID, type AdminColumn } from "../admin-table.tsx";
import { RowActionButton } from "../row-action-button.tsx";
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
  /** Hide a post that is still visible, pending review. */
  onHide: (post: AdminReportedPost) => void;
  onDelete: (post: AdminReportedPost) => void;
  dismissingId: string | null;
};

/**
 * The post's name, and below it the row's detail: the reasons and when it was last reported (columns of their
 * own would need sideways scrolling at 1280 px), and the burst flag when its reporters look like one.
 */
function PostNameCell({ post }: { post: AdminReportedPost }) {
  const reasons = reasonsSummary(post.reasons);
  return (
    <div className="grid justify-items-start gap-1 whitespace-normal">
      <span className="block max-w-full truncate font-medium text-slate-900">{post.postName}</span>
      {reasons ? <span className="text-xs text-slate-600">{reasons}</span> : null}
      <span className="text-xs text-slate-600">Last reported {formatDateTime(post.lastReportedAt)}</span>
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

/** The report queue's columns: the post, its owner, its counted reports, whether it is shown, and its actions. */
export function reportedPostColumns({
  onDismiss,
  onHide,
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
      size: 220,
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
      id: "visibility",
      header: "Status",
      size: 164,
      cell: ({ row }) =>
        row.original.isVisible ? (
          <Badge variant="outline">Visible</Badge>
        ) : (
          <Badge variant="destructive">Hidden pending review</Badge>
        ),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: "Actions",
      size: 120,
      cell: ({ row }) => (
        <div className="flex gap-1">
          <RowActionButton
            label={`Dismiss the reports of ${row.original.postName}`}
            icon={Eye}
            disabled={dismissingId === row.original.postId}
            onClick={() => onDismiss(row.original)}
          />
          {row.original.isVisible ? (
            <RowActionButton
              label={`Hide ${row.original.postName} pending review`}
              icon={EyeOff}
              onClick={() => onHide(row.original)}
            />
          ) : null}
          <RowActionButton
            label={`Delete Post ${row.original.postName}`}
            icon={Trash2}
            destructive
            onClick={() => onDelete(row.original)}
          />
        </div>
      ),
    },
  ];
}
