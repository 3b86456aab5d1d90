import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ADMIN_LIST_SORTS } from "#contract/api/admin.ts";
import type { AdminProfile } from "#contract/api/admin-profiles.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { AdminTable } from "../admin-table.tsx";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminSort } from "../use-admin-sort.ts";
import { profileColumns, profileName } from "./profile-columns.tsx";
import { AddProfileDialog, EditProfileDialog } from "./profile-dialog.tsx";
import { ROLE_FILTERS, type RoleFilter, roleChange, roleParam } from "./profile-role.ts";
import { useProfileMutations } from "./use-profile-mutations.ts";

/**
 * Profile Database: members' profiles, searched and filtered by role on the server; an
 * administrator grants or removes the administrator role from a row.
 */
export function ProfilesSection({ search, addOpen, onAddOpenChange }: AdminSectionProps) {
  const [roleFilter, setRoleFilter] = useState<RoleFilter>("all");
  const { params: sort, sorting } = useAdminSort(ADMIN_LIST_SORTS.profiles);
  const list = useAdminList(ADMIN_URLS.profiles, {
    search,
    role: roleParam(roleFilter),
    ...sort,
  });
  const { remove, setRole } = useProfileMutations();
  const me = useProfile().profile;
  const [editing, setEditing] = useState<AdminProfile | null>(null);
  const [deleting, setDeleting] = useState<AdminProfile | null>(null);
  const [changingRole, setChangingRole] = useState<AdminProfile | null>(null);
  const columns = useMemo(
    () => profileColumns({ onEdit: setEditing, onDelete: setDeleting, onChangeRole: setChangingRole }),
    [],
  );
  const change = changingRole && roleChange(changingRole, { self: changingRole.id === me?.id });

  const confirmRoleChange = () => {
    if (!changingRole || !change) return;
    setRole.mutate(
      { id: changingRole.id, role: change.role },
      {
        onSuccess: () => {
          toast.success(change.doneTitle, { description: change.done });
          setChangingRole(null);
        },
        onError: (error) => {
          toast.error("Role Not Changed", { description: errorMessage(error, "Failed to change the role") });
          setChangingRole(null);
        },
      },
    );
  };

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
    <div className="grid gap-4">
      <div className="flex items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="profile-role-filter">Role</Label>
          <Select value={roleFilter} onValueChange={(value) => setRoleFilter(value as RoleFilter)}>
            <SelectTrigger id="profile-role-filter" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLE_FILTERS.map(({ value, label }) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <AdminTable
        label="Profiles"
        collapsible={{ columns: ["ipAddress", "subscription", "lastActive"], rowName: profileName }}
        columns={columns}
        list={list}
        sorting={sorting}
        getRowId={(profile) => profile.id}
        empty={roleFilter === "admin" ? "No administrators found" : "No profiles found"}
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
      <ConfirmDialog
        open={changingRole !== null}
        onOpenChange={(open) => !open && setChangingRole(null)}
        title={change?.title ?? ""}
        description={change?.description ?? ""}
        confirmLabel={change?.confirmLabel ?? ""}
        destructive={change?.role === "member"}
        pending={setRole.isPending}
        onConfirm={confirmRoleChange}
      />
    </div>
  );
}
