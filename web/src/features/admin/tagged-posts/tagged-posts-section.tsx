import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminTaggedPost } from "#contract/api/admin-moderation.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { useDeletePost } from "../use-delete-post.ts";
import { taggedPostColumns } from "./tagged-post-columns.tsx";

/** Tagged Posts: every post, searched on the server by id, user tagg, post name or date. */
export function TaggedPostsSection({ search }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.taggedPosts);
  const list = useAdminList(ADMIN_URLS.taggedPosts, { search, ...sort });
  const remove = useDeletePost();
  const [deleting, setDeleting] = useState<AdminTaggedPost | null>(null);
  const columns = useMemo(() => taggedPostColumns(setDeleting), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Post Deleted", { description: `“${deleting.postName}” and its images were deleted.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Error", { description: errorMessage(error, "Failed to delete tagged post") }),
    });
  };

  return (
    <>
      <AdminTable
        label="Tagged posts"
        collapsible={{ columns: ["settings"], rowName: (post) => post.postName }}
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(post) => post.id}
        empty={search ? "No tagged posts match your search" : "No tagged posts found"}
        noun={{ one: "post", many: "posts" }}
        loadError="Failed to load tagged posts"
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Post"
        description={`Delete “${deleting?.postName ?? ""}” and its images? The owner is told. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
