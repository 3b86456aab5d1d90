import { z } from "zod";
import { listResponse } from "./admin.ts";
import { emailSchema, personNameSchema } from "./auth.ts";
import { MODERATION_MESSAGES, restrictionBodySchema } from "./moderation.ts";
import { taggSchema } from "./taggs.ts";

/**
 * Add or Edit Tagg: firstName, lastName, tagg and email are required; reason is also sent. An edit replaces
 * all five, so a reason left out (or null) clears the stored one.
 */
export const adminTaggBodySchema = z.strictObject({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  tagg: taggSchema,
  email: emailSchema,
  reason: z.string().trim().max(500).nullish(),
});
export type AdminTaggBody = z.infer<typeof adminTaggBodySchema>;

export const ADMIN_TAGG_MESSAGES = { hidden: "Say whether the tagg is hidden (true or false)" } as const;

/**
 * The visibility toggle: `hidden` true hides the tagg and its posts from search, with one of the panel's reasons
 * (`reasonId`, and words for the member in `reasonText`); false shows them again and needs no reason.
 */
export const adminTaggToggleBodySchema = z
  .strictObject({
    hidden: z.boolean({ error: ADMIN_TAGG_MESSAGES.hidden }),
    reasonId: restrictionBodySchema.shape.reasonId.optional(),
    reasonText: restrictionBodySchema.shape.reasonText,
  })
  .refine((body) => !body.hidden || body.reasonId !== undefined, {
    path: ["reasonId"],
    error: MODERATION_MESSAGES.reasonRequired,
  });
export type AdminTaggToggleBody = z.infer<typeof adminTaggToggleBodySchema>;

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
  /**
   * The member holding the tagg (their account's name, which may differ from the registry's names), or null
   * when nobody holds it: deleting a held tagg takes it away from them, so the confirmation names them.
   */
  holder: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminTagg = z.infer<typeof adminTaggSchema>;
export const adminTaggsResponseSchema = listResponse(adminTaggSchema);
