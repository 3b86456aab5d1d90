import { TAGG_MAX_LENGTH, TAGG_MIN_LENGTH } from "./limits.ts";

// A tagg's rules without zod, so the web app can check a handle as it is typed without loading the schema
// library on the dashboard's first paint (decision 036). contract/api/taggs.ts builds the request schemas
// from these same rules.

/** Handles nobody may claim: they would impersonate the platform or confuse search. */
export const RESERVED_TAGGS: readonly string[] = [
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
];

export const TAGG_MESSAGES = {
  format: `A tagg is ${TAGG_MIN_LENGTH}–${TAGG_MAX_LENGTH} lower-case letters, digits or underscores`,
  reserved: "This tagg is reserved",
  taken: "This tagg is already taken",
  alreadyHave: "You already have a tagg",
} as const;

export const TAGG_PATTERN = new RegExp(`^[a-z0-9_]{${TAGG_MIN_LENGTH},${TAGG_MAX_LENGTH}}$`);

/** " @Grace " → "grace": how a typed handle is read before it is checked. */
export function normaliseTagg(value: string): string {
  return value.trim().replace(/^@/, "").toLowerCase();
}

/** Why a normalised handle cannot be a tagg (format, then reserved), or null when it can. */
export function taggProblem(tagg: string): string | null {
  if (!TAGG_PATTERN.test(tagg)) return TAGG_MESSAGES.format;
  if (RESERVED_TAGGS.includes(tagg)) return TAGG_MESSAGES.reserved;
  return null;
}
