import { z } from "zod";
import { listResponse } from "./admin.ts";
import { emailSchema, personNameSchema } from "./auth.ts";
import { bioSchema } from "./profile.ts";
import { taggSchema } from "./taggs.ts";

export const ADMIN_PROFILE_MESSAGES = {
  taggNotRegistered: "This tagg is not registered. Add it in the Taggs section first.",
  taggHeld: "This tagg already belongs to a member",
  cannotDeleteSelf: "You cannot delete your own profile from the admin panel. Use your profile page instead.",
} as const;

/** Add Profile (spec 2 §5): an existing tagg no member holds yet, firstName, lastName and email; bio optional. */
export const adminProfileBodySchema = z.strictObject({
  tagg: taggSchema,
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  bio: bioSchema.nullish(),
});
export type AdminProfileBody = z.infer<typeof adminProfileBodySchema>;

/** Edit Profile (spec 2 §5): firstName, lastName and email are required; bio may be cleared with null or "". */
export const adminProfilePatchSchema = z.strictObject({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  bio: bioSchema.nullish(),
});
export type AdminProfilePatch = z.infer<typeof adminProfilePatchSchema>;

export const adminProfileIdParamsSchema = z.object({ id: z.uuid() });

/** A row of the Profiles table (spec 2 §3). Never a password hash, a provider id or a visitor's identity. */
export const adminProfileSchema = z.object({
  id: z.string(),
  tagg: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  /** The address of the member's last sign-in (or registration); null for an invited member (shown "N/A"). */
  ipAddress: z.string().nullable(),
  subscriptionStatus: z.string(),
  lastActive: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
export const adminProfilesResponseSchema = listResponse(adminProfileSchema);
