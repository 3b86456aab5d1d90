import { z } from "zod";
import { listResponse } from "./admin.ts";
import { emailSchema, personNameSchema } from "./auth.ts";
import { taggSchema } from "./taggs.ts";

/** Add or Edit Tagg (spec 2 §5): firstName, lastName, tagg and email are required; reason is also sent. */
export const adminTaggBodySchema = z.strictObject({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  tagg: taggSchema,
  email: emailSchema,
  reason: z.string().trim().max(500).nullish(),
});
export type AdminTaggBody = z.infer<typeof adminTaggBodySchema>;

/** An edit sends only what changed; the visibility toggle is an edit of `isHidden` alone. */
export const adminTaggPatchSchema = adminTaggBodySchema
  .partial()
  .extend({ isHidden: z.boolean().optional() });
export type AdminTaggPatch = z.infer<typeof adminTaggPatchSchema>;

export const adminTaggIdParamsSchema = z.object({ id: z.uuid() });

export const adminTaggSchema = z.object({
  id: z.string(),
  tagg: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  isHidden: z.boolean(),
  /** The subscription of the member holding the tagg; null when no member holds it (shown as Unknown). */
  subscriptionStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminTagg = z.infer<typeof adminTaggSchema>;
export const adminTaggsResponseSchema = listResponse(adminTaggSchema);
