import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminTagg } from "#contract/api/admin-taggs.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { taggColumns } from "./tagg-columns.tsx";
import { TaggDialog } from "./tagg-dialog.tsx";
import { deleteTaggDescription, taggDeletedDescription } from "./tagg-holder.ts";
import { useTaggMutations } from "./use-tagg-mutations.ts";

/** Tagit Database: the registered taggs, searched on the server. */
export function TaggsSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.taggs);
  const list = useAdminList(ADMIN_URLS.taggs, { search, ...sort });
  const { toggle, remove } = useTaggMutations();
  const [editing, setEditing] = useState<AdminTagg | null>(null);
  const [deleting, setDeleting] = useState<AdminTagg | null>(null);
  const togglingId = toggle.isPending ? toggle.variables.id : null;

  const columns = useMemo(
    () =>
      taggColumns({
        onEdit: setEditing,
        onDelete: setDeleting,
        togglingId,
        onToggleVisibility: (tagg) =>
          toggle.mutate(
            { id: tagg.id, hidden: !tagg.isHidden },
            {
              onSuccess: (saved) =>
                toast.success("Visibility Updated", {
                  description: saved.isHidden
                    ? `@${saved.tagg} and their posts are hidden from search.`
                    : `@${saved.tagg} is visible again.`,
                }),
              onError: (error) =>
                toast.error("Update Failed", {
                  description: errorMessage(error, "Failed to update visibility"),
                }),
            },
          ),
      }),
    [toggle.mutate, togglingId],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Tagg Deleted", { description: taggDeletedDescription(deleting) });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete tagg") }),
    });
  };

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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Tagg"
        description={deleting ? deleteTaggDescription(deleting) : ""}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
