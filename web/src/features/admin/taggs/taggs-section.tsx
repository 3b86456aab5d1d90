import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminTagg } from "#contract/api/admin-taggs.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { RestrictionDialog } from "../moderation/restriction-dialog.tsx";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { taggColumns } from "./tagg-columns.tsx";
import { TaggDialog } from "./tagg-dialog.tsx";
import { deleteTaggDescription, hideTaggDescription, taggDeletedDescription } from "./tagg-holder.ts";
import { useTaggMutations } from "./use-tagg-mutations.ts";

/** A restriction of a tagg waiting for its statement of reasons. */
type Restricting = { tagg: AdminTagg; action: "hide" | "delete" };

const visibilityUpdated = (saved: AdminTagg) =>
  toast.success("Visibility Updated", {
    description: saved.isHidden
      ? `@${saved.tagg} and their posts are hidden from search.`
      : `@${saved.tagg} is visible again.`,
  });
const visibilityFailed = (error: unknown) =>
  toast.error("Update Failed", { description: errorMessage(error, "Failed to update visibility") });

/** Tagit Database: the registered taggs, searched on the server. */
export function TaggsSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.taggs);
  const list = useAdminList(ADMIN_URLS.taggs, { search, ...sort });
  const { toggle, remove } = useTaggMutations();
  const [editing, setEditing] = useState<AdminTagg | null>(null);
  const [restricting, setRestricting] = useState<Restricting | null>(null);
  const togglingId = toggle.isPending ? toggle.variables.id : null;

  const columns = useMemo(
    () =>
      taggColumns({
        onEdit: setEditing,
        onDelete: (tagg) => setRestricting({ tagg, action: "delete" }),
        togglingId,
        onToggleVisibility: (tagg) => {
          // Hiding restricts the member: it asks for the reason first. Showing again lifts it at once.
          if (!tagg.isHidden) {
            setRestricting({ tagg, action: "hide" });
            return;
          }
          toggle.mutate(
            { id: tagg.id, hidden: false },
            { onSuccess: visibilityUpdated, onError: visibilityFailed },
          );
        },
      }),
    [toggle.mutate, togglingId],
  );

  const confirm = (body: RestrictionBody) => {
    if (!restricting) return Promise.resolve();
    const { tagg, action } = restricting;
    const close = () => setRestricting(null);
    if (action === "hide") {
      return toggle.mutateAsync(
        { id: tagg.id, hidden: true, reason: body },
        {
          onSuccess: (saved) => {
            visibilityUpdated(saved);
            close();
          },
          onError: visibilityFailed,
        },
      );
    }
    return remove.mutateAsync(
      { id: tagg.id, body },
      {
        onSuccess: () => {
          toast.success("Tagg Deleted", { description: taggDeletedDescription(tagg) });
          close();
        },
        onError: (error) =>
          toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete tagg") }),
      },
    );
  };

  const hiding = restricting?.action === "hide";
  return (
    <>
      <AdminTable
        label="Taggs"
        collapsible={{ columns: ["reason", "subscription"], rowName: (tagg) => `@${tagg.tagg}` }}
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(tagg) => tagg.id}
        empty="No taggs found"
        noun={{ one: "tagg", many: "taggs" }}
        loadError="Failed to load taggs"
      />
      <TaggDialog open={addOpen} onOpenChange={onAddOpenChange} />
      <TaggDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} tagg={editing} />
      <RestrictionDialog
        open={restricting !== null}
        onOpenChange={(open) => !open && setRestricting(null)}
        title={hiding ? "Hide Tagg" : "Delete Tagg"}
        description={
          restricting
            ? hiding
              ? hideTaggDescription(restricting.tagg)
              : deleteTaggDescription(restricting.tagg)
            : ""
        }
        confirmLabel={hiding ? "Hide" : "Delete"}
        destructive={!hiding}
        pending={hiding ? toggle.isPending : remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
