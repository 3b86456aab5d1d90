import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

export const ANONYMOUS_VISITOR_NAME = "Anonymous User";

/** An event aimed at the signed-in owner (GET /api/tagg-analytics). Visitors appear per their mode at the time. */
export const analyticsEventSchema = z.object({
  id: z.string(),
  postId: z.string().nullable(),
  postName: z.string().nullable(),
  /** "Anonymous User" when the visitor was hidden or paused. */
  visitorName: z.string(),
  /** null when anonymous. Never an e-mail. */
  visitorId: z.string().nullable(),
  visitorTagg: z.string().nullable(),
  visitorProfilePictureUrl: z.string().nullable(),
  searchTerm: z.string().nullable(),
  action: z.enum(["search", "internal_search", "view"]),
  /**
   * When it happened. For an anonymous visitor this is the start of a window of `timeWindowMinutes` (the
   * exact moment is never stored), and the event is listed only some time after the window has ended.
   */
  createdAt: timestampSchema,
  /**
   * null when `createdAt` is exact (a named visitor); otherwise how long the window starting then is: the
   * release bucket (an hour), or a day or a week when the narrower window held too few anonymous visitors.
   */
  timeWindowMinutes: z.number().int().nullable(),
  originalImage: z.string().nullable(),
  scrambledImage: z.string().nullable(),
  scrambleImage: z.boolean().nullable(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export const analyticsListSchema = z.array(analyticsEventSchema);

/**
 * A week of anonymous activity at the owner's posts that came from fewer distinct visitors than the minimum
 * anonymous activity is shown with: shown as this line alone, with no post, term, visitor or count
 * (GET /api/tagg-analytics/quiet-weeks).
 */
export const quietWeekSchema = z.object({
  id: z.string(),
  /** The week's first moment (Monday, 00:00 UTC). */
  windowStart: timestampSchema,
  windowMinutes: z.number().int(),
  /** The minimum the week fell short of: "fewer than 3 anonymous visits". */
  fewerThan: z.number().int(),
});
export type QuietWeek = z.infer<typeof quietWeekSchema>;
export const quietWeekListSchema = z.array(quietWeekSchema);

/** The words a quiet week is shown with. */
export const quietWeekText = (week: Pick<QuietWeek, "fewerThan">) =>
  `Fewer than ${week.fewerThan} anonymous visits this week`;

export const MAX_ANALYTICS_DELETE = 500;
export const deleteAnalyticsBodySchema = z.strictObject({
  analyticsIds: z
    .array(z.uuid({ error: "analyticsIds must be event ids" }), {
      error: "analyticsIds must be a list of event ids",
    })
    .min(1, { error: "Select at least one entry" })
    .max(MAX_ANALYTICS_DELETE, { error: `Delete at most ${MAX_ANALYTICS_DELETE} entries at once` }),
});
export const deleteAnalyticsResponseSchema = z.object({ deleted: z.number().int() });

export const viewerSchema = z.object({
  id: z.string().optional(),
  firstName: z.string(),
  lastName: z.string().optional(),
  tagg: z.string().nullable().optional(),
  profilePictureUrl: z.string().nullable().optional(),
  viewCount: z.number().int(),
  lastViewed: timestampSchema,
});
export type Viewer = z.infer<typeof viewerSchema>;
export const postViewersResponseSchema = z.object({
  postName: z.string(),
  totalUnique: z.number().int(),
  viewers: z.array(viewerSchema),
});
export type PostViewers = z.infer<typeof postViewersResponseSchema>;

export const viewerIdParamsSchema = z.strictObject({ viewerId: z.uuid({ error: "Viewer not found" }) });
export const viewerProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  tagg: z.string().nullable(),
  profile: z.object({
    bio: z.string().nullable(),
    profilePictureUrl: z.string().nullable(),
    socialLinks: z.object({
      platforms: z.record(z.string(), z.string()),
      shortcuts: z.array(z.object({ label: z.string(), url: z.string(), icon: z.string().optional() })),
    }),
  }),
});
export type ViewerProfile = z.infer<typeof viewerProfileSchema>;

export const highestViewedPostSchema = z
  .object({
    id: z.string(),
    postName: z.string(),
    originalImage: z.string(),
    uniqueViewCount: z.number().int(),
  })
  .nullable();
export type HighestViewedPost = z.infer<typeof highestViewedPostSchema>;

/** GET /api/unique-viewers: distinct visitors across all my posts (an anonymous visitor by their pseudonym). */
export const uniqueViewersSchema = z.object({ totalUnique: z.number().int() });

export const ANALYTICS_MESSAGES = {
  accessDenied: "Access denied",
  viewerNotFound: "Viewer not found",
} as const;
