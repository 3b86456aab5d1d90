import { z } from "zod";
import { CLEANUP_DATABASES, CLEANUP_DAYS, CLEANUP_MAX_ITEMS } from "../limits.ts";
import { timestampSchema } from "./timestamps.ts";

export const CLEANUP_MESSAGES = {
  database: "Choose taggs, profiles, posts or sessions",
  days: "Choose 30, 60 or 90 days",
  noneSelected: "Please select items to delete.",
  tooMany: `Select at most ${CLEANUP_MAX_ITEMS} items at a time`,
} as const;

export const cleanupDatabaseSchema = z.enum(CLEANUP_DATABASES, { error: CLEANUP_MESSAGES.database });
export type CleanupDatabase = z.infer<typeof cleanupDatabaseSchema>;

const daysSchema = z.union(
  CLEANUP_DAYS.map((days) => z.literal(days)),
  { error: CLEANUP_MESSAGES.days },
);

export const cleanupSearchBodySchema = z.strictObject({ database: cleanupDatabaseSchema, days: daysSchema });
export type CleanupSearchBody = z.infer<typeof cleanupSearchBodySchema>;

/** One inactive item: its identifier (tagg, e-mail, or the first 50 characters of a post's name/comment). */
export const cleanupItemSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  /**
   * When the item was last active, as an ISO time. For profiles and sessions it is the midnight (UTC) that
   * starts the day of the last activity: a member's activity is never answered finer than the day.
   */
  lastActivity: timestampSchema,
  daysInactive: z.number().int(),
});
export type CleanupItem = z.infer<typeof cleanupItemSchema>;

/** The oldest items first, at most CLEANUP_MAX_ITEMS; `total` counts every match, so the panel can say so. */
export const cleanupSearchResponseSchema = z.object({
  items: z.array(cleanupItemSchema),
  total: z.number().int(),
});

/**
 * Deletes the chosen items that still match (the criteria are checked again: a member who came back since the
 * search stays). `days` is the search's choice; without it the items must still be inactive for the shortest
 * choice (30 days), which is all a body of only `{database, ids}` (the published API's shape) can promise.
 */
export const cleanupDeleteBodySchema = z.strictObject({
  database: cleanupDatabaseSchema,
  days: daysSchema.default(CLEANUP_DAYS[0]),
  ids: z
    .array(z.uuid(), { error: CLEANUP_MESSAGES.noneSelected })
    .min(1, { error: CLEANUP_MESSAGES.noneSelected })
    .max(CLEANUP_MAX_ITEMS, { error: CLEANUP_MESSAGES.tooMany }),
});
export type CleanupDeleteBody = z.infer<typeof cleanupDeleteBodySchema>;
export const cleanupDeleteResponseSchema = z.object({ deleted: z.number().int() });
