import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import { adminRequest } from "../admin-request.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { RestrictionDialog } from "../moderation/restriction-dialog.tsx";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { useDeletePost, useHidePost } from "../use-delete-post.ts";
import { reportCountLabel } from "./report-labels.ts";
import { ReportSettingsCard } from "./report-settings-card.tsx";
import { reportedPostColumns } from "./reported-post-columns.tsx";

/** A restriction of a reported post waiting for its statement of reasons. */
type Restricting = { post: AdminReportedPost; action: "hide" | "delete" };

export type ReportQueueProps = { search: string };

/** The report queue: the automatic action's settings and the reported posts, hidden, deleted or dismissed. */
export function ReportQueue({ search }: ReportQueueProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.reportedPosts);
  const list = useAdminList(ADMIN_URLS.reportedPosts, { search, ...sort });
  const refresh = useAdminRefresh();
  const remove = useDeletePost();
  const hide = useHidePost();
  const dismiss = useMutation({
    mutationFn: (postId: string) => adminRequest("POST", `${ADMIN_URLS.reportedPosts}/${postId}/dismiss`),
    onSuccess: () => refresh(ADMIN_URLS.reportedPosts, ADMIN_URLS.taggedPosts),
  });
  const [restricting, setRestricting] = useState<Restricting | null>(null);
  const dismissingId = dismiss.isPending ? dismiss.variables : null;

  const columns = useMemo(
    () =>
      reportedPostColumns({
        dismissingId,
        onHide: (post) => setRestricting({ post, action: "hide" }),
        onDelete: (post) => setRestricting({ post, action: "delete" }),
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
    [dismiss.mutate, dismissingId],
  );

  const confirm = (body: RestrictionBody) => {
    if (!restricting) return Promise.resolve();
    const { post, action } = restricting;
    const close = () => setRestricting(null);
    if (action === "hide") {
      return hide.mutateAsync(
        { id: post.postId, body },
        {
          onSuccess: () => {
            toast.success("Post Hidden", {
              description: `“${post.postName}” is hidden pending review; the owner is told why.`,
            });
            close();
          },
          onError: (error) =>
            toast.error("Error", { description: errorMessage(error, "Failed to hide the post") }),
        },
      );
    }
    return remove.mutateAsync(
      { id: post.postId, body },
      {
        onSuccess: () => {
          toast.success("Post Deleted", {
            description: `“${post.postName}” was deleted; the owner is told.`,
          });
          close();
        },
        onError: (error) =>
          toast.error("Error", {
            description: errorMessage(error, "Failed to delete post. Please try again."),
          }),
      },
    );
  };

  const hiding = restricting?.action === "hide";
  const post = restricting?.post;
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
        open={restricting !== null}
        onOpenChange={(open) => !open && setRestricting(null)}
        title={hiding ? "Hide Post" : "Delete Post"}
        description={
          post
            ? hiding
              ? `Hide “${post.postName}” (${reportCountLabel(post.reportCount)}) pending review? It leaves search until it is reviewed; the owner is told why.`
              : `Delete “${post.postName}” (${reportCountLabel(post.reportCount)}) and its images? The owner is told why. This action cannot be undone.`
            : ""
        }
        confirmLabel={hiding ? "Hide Post" : "Delete Post"}
        destructive={!hiding}
        pending={hiding ? hide.isPending : remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
