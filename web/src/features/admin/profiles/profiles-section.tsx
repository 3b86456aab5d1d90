import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { AdminProfile } from "#contract/api/admin-profiles.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { profileColumns, profileName } from "./profile-columns.tsx";
import { AddProfileDialog, EditProfileDialog } from "./profile-dialog.tsx";
import { useProfileMutations } from "./use-profile-mutations.ts";

/** Profile Database (spec 2 §2): members' profiles, searched on the server. */
export function ProfilesSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const list = useAdminList<AdminProfile>(ADMIN_URLS.profiles, { search });
  const { remove } = useProfileMutations();
  const [editing, setEditing] = useState<AdminProfile | null>(null);
  const [deleting, setDeleting] = useState<AdminProfile | null>(null);
  const columns = useMemo(() => profileColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Profile Deleted", { description: `${profileName(deleting)} was deleted.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete profile") }),
    });
  };

  return (
    <>
      <AdminTable
        label="Profiles"
        columns={columns}
        list={list}
        getRowId={(profile) => profile.id}
        empty="No profiles found"
        noun={{ one: "profile", many: "profiles" }}
        loadError="Failed to load profiles"
      />
      <AddProfileDialog open={addOpen} onOpenChange={onAddOpenChange} />
      <EditProfileDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        profile={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Profile"
        description={
          deleting
            ? `Delete ${profileName(deleting)} (${deleting.email})? Their posts, images, analytics, referrals and any subscription go with it. This action cannot be undone.`
            : ""
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
