import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminTaggedPost } from "#contract/api/admin-moderation.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { RestrictionDialog } from "../moderation/restriction-dialog.tsx";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { useDeletePost, useHidePost } from "../use-delete-post.ts";
import { taggedPostColumns } from "./tagged-post-columns.tsx";

/** A restriction of a post waiting for its statement of reasons. */
type Restricting = { post: AdminTaggedPost; action: "hide" | "delete" };

/** Tagged Posts: every post, searched on the server by id, user tagg, post name or date. */
export function TaggedPostsSection({ search }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.taggedPosts);
  const list = useAdminList(ADMIN_URLS.taggedPosts, { search, ...sort });
  const remove = useDeletePost();
  const hide = useHidePost();
  const [restricting, setRestricting] = useState<Restricting | null>(null);
  const columns = useMemo(
    () =>
      taggedPostColumns({
        onHide: (post) => setRestricting({ post, action: "hide" }),
        onDelete: (post) => setRestricting({ post, action: "delete" }),
      }),
    [],
  );

  const confirm = (body: RestrictionBody) => {
    if (!restricting) return Promise.resolve();
    const { post, action } = restricting;
    const close = () => setRestricting(null);
    if (action === "hide") {
      return hide.mutateAsync(
        { id: post.id, body },
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
      { id: post.id, body },
      {
        onSuccess: () => {
          toast.success("Post Deleted", { description: `“${post.postName}” and its images were deleted.` });
          close();
        },
        onError: (error) =>
          toast.error("Error", { description: errorMessage(error, "Failed to delete tagged post") }),
      },
    );
  };

  const hiding = restricting?.action === "hide";
  const name = restricting?.post.postName ?? "";
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
      <RestrictionDialog
        open={restricting !== null}
        onOpenChange={(open) => !open && setRestricting(null)}
        title={hiding ? "Hide Post" : "Delete Post"}
        description={
          hiding
            ? `Hide “${name}” pending review? It leaves search until it is reviewed; the owner is told why.`
            : `Delete “${name}” and its images? The owner is told why. This action cannot be undone.`
        }
        confirmLabel={hiding ? "Hide" : "Delete"}
        destructive={!hiding}
        pending={hiding ? hide.isPending : remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
