import { z } from "zod";
import { listResponse } from "./admin.ts";
import { emailSchema, personNameSchema } from "./auth.ts";
import { bioSchema } from "./profile.ts";
import { taggSchema } from "./taggs.ts";

export const ADMIN_PROFILE_MESSAGES = {
  taggNotRegistered: "This tagg is not registered. Add it in the Taggs section first.",
  taggHeld: "This tagg already belongs to a member",
  cannotDeleteSelf: "You cannot delete your own profile from the admin panel. Use your profile page instead.",
  roleFromConfig:
    "This member is an administrator because the server's ADMIN_EMAILS setting lists their address. Remove it " +
    "there to take the role away.",
  role: "Choose admin or member",
} as const;

/** A member's role as the admin panel shows and sets it. */
export const ADMIN_ROLES = ["admin", "member"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The Profiles list's own filter beside the search: administrators only, or everyone else. */
export const adminProfileFilterSchema = z.object({
  role: z
    .enum(ADMIN_ROLES, { error: ADMIN_PROFILE_MESSAGES.role })
    .optional()
    .describe("admin or member: only the members who hold (or do not hold) the administrator role"),
});

/**
 * `PUT /api/admin/profiles/{id}/role`: grant or remove the administrator role. A new administrator still sets
 * up a second factor before the admin panel unlocks for them.
 */
export const adminRoleBodySchema = z.strictObject({
  role: z.enum(ADMIN_ROLES, { error: ADMIN_PROFILE_MESSAGES.role }),
});
export type AdminRoleBody = z.infer<typeof adminRoleBodySchema>;

/** Add Profile: an existing tagg no member holds yet, firstName, lastName and email; bio optional. */
export const adminProfileBodySchema = z.strictObject({
  tagg: taggSchema,
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  bio: bioSchema.nullish(),
});
export type AdminProfileBody = z.infer<typeof adminProfileBodySchema>;

/**
 * Edit Profile replaces firstName, lastName and email (all required) and bio (left out, null or "" clears it).
 * A new e-mail does not move the member's login: it waits as `pendingEmail` until the member confirms it.
 */
export const adminProfileUpdateBodySchema = z.strictObject({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  bio: bioSchema.nullish(),
});
export type AdminProfileUpdateBody = z.infer<typeof adminProfileUpdateBodySchema>;

export const adminProfileIdParamsSchema = z.object({ id: z.uuid() });

/** A row of the Profiles table. Never a password hash, a provider id or a visitor's identity. */
export const adminProfileSchema = z.object({
  id: z.string(),
  tagg: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** The login address: the member signs in, resets their password and receives notices here. */
  email: z.string(),
  /**
   * An address an administrator asked to move the login to; it is used for nothing until the member confirms
   * it with their password after signing in (or declines it). Null when none waits.
   */
  pendingEmail: z.string().nullable(),
  bio: z.string().nullable(),
  /** The address of the member's last sign-in (or registration); null for an invited member (shown "N/A"). */
  ipAddress: z.string().nullable(),
  subscriptionStatus: z.string(),
  /** The day (UTC, "YYYY-MM-DD") of the member's last signed-in request, never finer; null before the first. */
  lastActive: z.string().nullable(),
  emailVerified: z.boolean(),
  /**
   * "admin" when the member holds the administrator role — granted in the panel or by `admin:grant`, or
   * because their verified address is in the server's ADMIN_EMAILS.
   */
  role: z.enum(ADMIN_ROLES),
  /** The role comes from ADMIN_EMAILS: the panel cannot take it away. */
  roleFromConfig: z.boolean(),
  createdAt: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
export const adminProfilesResponseSchema = listResponse(adminProfileSchema);
