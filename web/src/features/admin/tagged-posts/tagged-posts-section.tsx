import { useMemo } from "react";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminTaggedPost } from "#contract/api/admin-moderation.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { RestrictionDialog } from "../moderation/restriction-dialog.tsx";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { postRestrictionWords, usePostRestriction } from "../use-delete-post.ts";
import { taggedPostColumns } from "./tagged-post-columns.tsx";

/** Tagged Posts: every post, searched on the server by id, user tagg, post name or date. */
export function TaggedPostsSection({ search }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.taggedPosts);
  const list = useAdminList(ADMIN_URLS.taggedPosts, { search, ...sort });
  const restriction = usePostRestriction<AdminTaggedPost>();
  const { restrict } = restriction;
  const columns = useMemo(
    () =>
      taggedPostColumns({
        onHide: (post) => restrict(post, "hide"),
        onDelete: (post) => restrict(post, "delete"),
      }),
    [restrict],
  );

  const action = restriction.restricting?.action;
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
        open={restriction.restricting !== null}
        onOpenChange={(open) => !open && restriction.close()}
        title={action === "hide" ? "Hide Post" : "Delete Post"}
        description={
          restriction.restricting
            ? postRestrictionWords(restriction.restricting.action, restriction.restricting.post.postName)
            : ""
        }
        confirmLabel={action === "hide" ? "Hide" : "Delete"}
        destructive={action !== "hide"}
        pending={restriction.pending}
        onConfirm={restriction.confirm}
      />
    </>
  );
}
