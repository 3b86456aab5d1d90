import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import { adminRequest } from "../admin-request.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { RestrictionDialog } from "../moderation/restriction-dialog.tsx";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { postRestrictionWords, type RestrictablePost, usePostRestriction } from "../use-delete-post.ts";
import { reportCountLabel } from "./report-labels.ts";
import { ReportSettingsCard } from "./report-settings-card.tsx";
import { reportedPostColumns } from "./reported-post-columns.tsx";

/** A reported post as the restriction dialog names it: with how many reports it has. */
type QueuedPost = RestrictablePost & { reportCount: number };
const queued = (post: AdminReportedPost): QueuedPost => ({
  id: post.postId,
  postName: post.postName,
  reportCount: post.reportCount,
});

export type ReportQueueProps = { search: string };

/** The report queue: the automatic action's settings and the reported posts, hidden, deleted or dismissed. */
export function ReportQueue({ search }: ReportQueueProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.reportedPosts);
  const list = useAdminList(ADMIN_URLS.reportedPosts, { search, ...sort });
  const refresh = useAdminRefresh();
  const restriction = usePostRestriction<QueuedPost>();
  const { restrict } = restriction;
  const dismiss = useMutation({
    mutationFn: (postId: string) => adminRequest("POST", `${ADMIN_URLS.reportedPosts}/${postId}/dismiss`),
    onSuccess: () => refresh(ADMIN_URLS.reportedPosts, ADMIN_URLS.taggedPosts),
  });
  const dismissingId = dismiss.isPending ? dismiss.variables : null;

  const columns = useMemo(
    () =>
      reportedPostColumns({
        dismissingId,
        onHide: (post) => restrict(queued(post), "hide"),
        onDelete: (post) => restrict(queued(post), "delete"),
        onDismiss: (post) =>
          dismiss.mutate(post.postId, {
            onSuccess: () =>
              toast.success("Reports Dismissed", {
                description: `The reports are cleared and “${post.postName}” shows again.`,
              }),
            onError: (error) =>
              toast.error("Error", { description: errorMessage(error, "Failed to dismiss the reports") }),
          }),
      }),
    [dismiss.mutate, dismissingId, restrict],
  );

  const action = restriction.restricting?.action;
  const post = restriction.restricting?.post;
  return (
    <div className="grid gap-4">
      <ReportSettingsCard />
      <AdminTable
        label="Reported posts"
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(row) => row.postId}
        empty="No reported posts found."
        noun={{ one: "reported post", many: "reported posts" }}
        loadError="Failed to load reported posts"
      />
      <RestrictionDialog
        open={post !== undefined}
        onOpenChange={(open) => !open && restriction.close()}
        title={action === "hide" ? "Hide Post" : "Delete Post"}
        description={
          post && action
            ? postRestrictionWords(action, post.postName, ` (${reportCountLabel(post.reportCount)})`)
            : ""
        }
        confirmLabel={action === "hide" ? "Hide Post" : "Delete Post"}
        destructive={action !== "hide"}
        pending={restriction.pending}
        onConfirm={restriction.confirm}
      />
    </div>
  );
}
