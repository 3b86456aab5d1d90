import { z } from "zod";
import { PRIVACY_MODES } from "./profile.ts";
import { timestampSchema } from "./timestamps.ts";

export const privacySettingsSchema = z.object({
  privacyMode: z.enum(PRIVACY_MODES),
  /** Hours left of a pause (0 otherwise). */
  timeRemaining: z.number(),
  /** When the pause returns to show, for an exact countdown; null when not paused. */
  pauseEndsAt: timestampSchema.nullable(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const updatePrivacyBodySchema = z.strictObject({
  privacyMode: z.enum(PRIVACY_MODES, { error: "privacyMode must be show, hide or pause" }),
});

/** The answer also says which mode was asked for: hide below 5 unique viewers becomes pause. */
export const updatePrivacyResponseSchema = privacySettingsSchema.extend({
  requestedMode: z.enum(PRIVACY_MODES),
});

export const toggleVisibilityBodySchema = z.strictObject({
  hidden: z.boolean({ error: "hidden must be true or false" }),
});
export const toggleVisibilityResponseSchema = z.object({ hidden: z.boolean() });
