import { z } from "zod";
import { TAGG_MAX_LENGTH, TAGG_MIN_LENGTH } from "../limits.ts";

/** Handles nobody may claim: they would impersonate the platform or confuse search. */
export const RESERVED_TAGGS = [
  "admin",
  "administrator",
  "anonymous",
  "api",
  "help",
  "me",
  "moderator",
  "null",
  "root",
  "staff",
  "support",
  "system",
  "tagg",
  "tagit",
  "undefined",
  "www",
] as const;

export const TAGG_MESSAGES = {
  format: `A tagg is ${TAGG_MIN_LENGTH}–${TAGG_MAX_LENGTH} lower-case letters, digits or underscores`,
  reserved: "This tagg is reserved",
  taken: "This tagg is already taken",
  alreadyHave: "You already have a tagg",
} as const;

export const taggSchema = z
  .string({ error: TAGG_MESSAGES.format })
  .trim()
  .transform((value) => value.replace(/^@/, "").toLowerCase())
  .pipe(
    z.string().regex(new RegExp(`^[a-z0-9_]{${TAGG_MIN_LENGTH},${TAGG_MAX_LENGTH}}$`), {
      error: TAGG_MESSAGES.format,
    }),
  )
  .refine((value) => !(RESERVED_TAGGS as readonly string[]).includes(value), {
    error: TAGG_MESSAGES.reserved,
  });

export const checkTaggQuerySchema = z.strictObject({ tagg: taggSchema });
export const checkTaggResponseSchema = z.object({ available: z.boolean() });
export const claimTaggBodySchema = z.strictObject({ tagg: taggSchema });
