import { z } from "zod";
import { MAX_SHORTCUTS, SHORTCUT_LABEL_MAX_LENGTH } from "../limits.ts";

export const SOCIAL_PLATFORMS = [
  "facebook",
  "youtube",
  "x",
  "instagram",
  "linkedin",
  "tiktok",
  "github",
  "twitch",
] as const;

export const SOCIAL_MESSAGES = {
  url: "Links must be http:// or https:// addresses",
  label: `A shortcut label is 1 to ${SHORTCUT_LABEL_MAX_LENGTH} characters`,
  tooMany: `At most ${MAX_SHORTCUTS} shortcuts`,
} as const;

/** Only http(s) addresses: a javascript: or data: link would run in the visitor's page. */
export const webUrlSchema = z
  .string({ error: SOCIAL_MESSAGES.url })
  .trim()
  .max(2048, { error: "Links must be at most 2048 characters" })
  .pipe(z.url({ protocol: /^https?$/, error: SOCIAL_MESSAGES.url }));

export const shortcutSchema = z.strictObject({
  label: z
    .string({ error: SOCIAL_MESSAGES.label })
    .trim()
    .min(1, { error: SOCIAL_MESSAGES.label })
    .max(SHORTCUT_LABEL_MAX_LENGTH, { error: SOCIAL_MESSAGES.label })
    .refine((label) => !/[<>]/.test(label), { error: "Labels cannot contain < or >" }),
  url: webUrlSchema,
  icon: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9-]*$/, { error: "Unknown icon" })
    .optional(),
});

export const socialLinksSchema = z.strictObject({
  platforms: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.union([webUrlSchema, z.literal("")])).default({}),
  shortcuts: z.array(shortcutSchema).max(MAX_SHORTCUTS, { error: SOCIAL_MESSAGES.tooMany }).default([]),
});
export type SocialLinks = z.output<typeof socialLinksSchema>;
export type SocialLinksInput = z.input<typeof socialLinksSchema>;
