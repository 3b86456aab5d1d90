import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { adminRequest } from "../admin-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { useDeletePost } from "../use-delete-post.ts";
import { reportCountLabel } from "./report-labels.ts";
import { ReportSettingsCard } from "./report-settings-card.tsx";
import { reportedPostColumns } from "./reported-post-columns.tsx";

/** Reported Posts: the automatic action's settings and the queue, where a post is deleted or its reports dismissed. */
export function ReportedPostsSection({ search }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.reportedPosts);
  const list = useAdminList(ADMIN_URLS.reportedPosts, { search, ...sort });
  const refresh = useAdminRefresh();
  const remove = useDeletePost();
  const dismiss = useMutation({
    mutationFn: (postId: string) => adminRequest("POST", `${ADMIN_URLS.reportedPosts}/${postId}/dismiss`),
    onSuccess: () => refresh(ADMIN_URLS.reportedPosts, ADMIN_URLS.taggedPosts),
  });
  const [deleting, setDeleting] = useState<AdminReportedPost | null>(null);
  const dismissingId = dismiss.isPending ? dismiss.variables : null;

  const columns = useMemo(
    () =>
      reportedPostColumns({
        dismissingId,
        onDelete: setDeleting,
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

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.postId, {
      onSuccess: () => {
        toast.success("Post Deleted", {
          description: `“${deleting.postName}” was deleted; the owner is told.`,
        });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Error", {
          description: errorMessage(error, "Failed to delete post. Please try again."),
        }),
    });
  };

  return (
    <div className="grid gap-4">
      <ReportSettingsCard />
      <AdminTable
        label="Reported posts"
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(post) => post.postId}
        empty="No reported posts found."
        noun={{ one: "reported post", many: "reported posts" }}
        loadError="Failed to load reported posts"
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Post"
        description={
          deleting
            ? `Delete “${deleting.postName}” (${reportCountLabel(deleting.reportCount)}) and its images? The owner is told. This action cannot be undone.`
            : ""
        }
        confirmLabel="Delete Post"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
