import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { AdminHelpContent } from "#contract/api/admin-content.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS, PUBLIC_CONTENT_URLS } from "../admin-urls.ts";
import { useAdminAll, useAdminFullList } from "../use-admin-full-list.ts";
import { helpColumns } from "./help-columns.tsx";
import { HelpContentDialog } from "./help-dialog.tsx";
import { useHelpMutations } from "./use-help-mutations.ts";

const searchIn = (help: AdminHelpContent) => [help.sectionName, help.title, help.content];

/** Help Content: the help texts of the sections, with create, edit and delete. */
export function HelpContentSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const { list } = useAdminFullList(ADMIN_URLS.helpContent, search, searchIn);
  const sections = useAdminAll(PUBLIC_CONTENT_URLS.sections);
  const { remove } = useHelpMutations();
  const [editing, setEditing] = useState<AdminHelpContent | null>(null);
  const [deleting, setDeleting] = useState<AdminHelpContent | null>(null);
  const columns = useMemo(() => helpColumns({ onEdit: setEditing, onDelete: setDeleting }), []);
  const sectionNames = useMemo(
    () => (sections.data ?? []).map((section) => section.sectionName),
    [sections.data],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.sectionName, {
      onSuccess: () => {
        toast.success("Help Content Deleted", {
          description: `Help for ${deleting.sectionName} was deleted.`,
        });
        setDeleting(null);
      },
      onError: () => toast.error("Error", { description: "Failed to delete help content" }),
    });
  };

  return (
    <>
      <div>
        <Button onClick={() => onAddOpenChange(true)}>
          <Plus aria-hidden="true" />
          Create Help Content
        </Button>
      </div>
      <AdminTable
        label="Help content"
        columns={columns}
        list={list}
        getRowId={(help) => help.id}
        empty="No help content found"
        noun={{ one: "help text", many: "help texts" }}
        loadError="Failed to load help content"
      />
      <HelpContentDialog open={addOpen} onOpenChange={onAddOpenChange} sectionNames={sectionNames} />
      <HelpContentDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        help={editing}
        sectionNames={sectionNames}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Help Content"
        description={`Delete the help for ${deleting?.sectionName ?? ""}? Its help button will say no help is available. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
