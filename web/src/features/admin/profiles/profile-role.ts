import type { AdminProfile, AdminRole } from "#contract/api/admin-profiles.ts";

/** How the role filter above the Profiles table reads: everyone, administrators or members. */
export const ROLE_FILTERS = [
  { value: "all", label: "All roles" },
  { value: "admin", label: "Administrators" },
  { value: "member", label: "Members" },
] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number]["value"];

/** The `role` of the list's query for a filter choice; none for everyone. */
export const roleParam = (filter: RoleFilter): AdminRole | undefined =>
  filter === "all" ? undefined : filter;

/** Who a confirmation names: their full name, and their tagg or e-mail. */
const who = (profile: AdminProfile) =>
  `${profile.firstName} ${profile.lastName} (${profile.tagg ? `@${profile.tagg}` : profile.email})`;

/**
 * What the Make Administrator / Remove Administrator confirmation says: what the change means for the member
 * (or for the administrator themselves), and what it asks the server for.
 */
export function roleChange(profile: AdminProfile, { self }: { self: boolean }) {
  if (profile.role === "admin") {
    return {
      role: "member" as const,
      title: "Remove Administrator",
      description: self
        ? "Remove your own administrator role? You lose access to the admin panel at once, and only another " +
          "administrator can give it back. Your account and content stay as they are."
        : `Remove the administrator role from ${who(profile)}? They lose access to the admin panel at once and ` +
          "any panel they have open is locked. Their account and content stay as they are.",
      confirmLabel: "Remove Administrator",
      doneTitle: "Administrator Removed",
      done: `${who(profile)} is no longer an administrator.`,
    };
  }
  return {
    role: "admin" as const,
    title: "Make Administrator",
    description:
      `Make ${who(profile)} an administrator? They will be able to open the admin panel and see, change and ` +
      "delete every member's profile, taggs, posts, reports, payouts, costs and settings. Before the panel " +
      "opens for them they must set up an authenticator app or a passkey in Security settings.",
    confirmLabel: "Make Administrator",
    doneTitle: "Administrator Added",
    done: `${who(profile)} is now an administrator.`,
  };
}
