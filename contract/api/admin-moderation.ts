import { z } from "zod";
import { listResponse } from "./admin.ts";
import { REPORT_AUTO_ACTIONS, REPORT_REASONS } from "./posts.ts";
import { timestampSchema } from "./timestamps.ts";

/** The thresholds an administrator may choose for the report auto-action. */
export const REPORT_THRESHOLDS = [10, 50, 100] as const;

export const adminPostIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Post not found" }) });
export const adminReportedPostParamsSchema = z.strictObject({ postId: z.uuid({ error: "Post not found" }) });

/**
 * A row of the Tagged posts section. Image URLs are /uploads/… paths: a scrambled copy is public, but an
 * original of a scrambled or hidden post is served only to its owner and to an administrator whose request
 * carries `x-admin-session` — so the panel fetches it with that header and opens the result (an object URL)
 * in a new tab; a bare link would get a 404 for such a post.
 */
export const adminTaggedPostSchema = z.object({
  id: z.string(),
  userTagg: z.string().nullable(),
  userEmail: z.string(),
  postName: z.string(),
  originalImage: z.string(),
  scrambledImage: z.string(),
  scrambleImage: z.boolean(),
  hidePersonalInfo: z.boolean(),
  isVisible: z.boolean(),
  reportCount: z.number().int(),
  createdAt: timestampSchema,
});
export type AdminTaggedPost = z.infer<typeof adminTaggedPostSchema>;
export const adminTaggedPostsResponseSchema = listResponse(adminTaggedPostSchema);

/**
 * A post in the report queue. Reasons are counted; who reported is never part of an answer. The queue lists
 * the posts with the most counted reports first, then the most recently reported.
 */
export const adminReportedPostSchema = z.object({
  postId: z.string(),
  postName: z.string(),
  userEmail: z.string(),
  /** Every report of the post. */
  reportCount: z.number().int(),
  /**
   * The reports that count toward the automatic action: from members whose e-mail was verified and whose account
   * was old enough when they reported (decision 049). "3 counted of 11".
   */
  countedReports: z.number().int(),
  isVisible: z.boolean(),
  lastReportedAt: timestampSchema,
  reasons: z.partialRecord(z.enum([...REPORT_REASONS, "none"]), z.number().int()),
  /**
   * A burst among the reporters (REPORT_BURST in contract/limits.ts): how many accounts, new when they reported,
   * were created within one window of each other — the largest such group, when it is big enough to flag; null
   * when there is none.
   */
  burst: z.object({ accounts: z.number().int() }).nullable(),
});
export type AdminReportedPost = z.infer<typeof adminReportedPostSchema>;
export const adminReportedPostsResponseSchema = listResponse(adminReportedPostSchema);

export const REPORT_SETTINGS_MESSAGES = {
  threshold: `Threshold must be one of ${REPORT_THRESHOLDS.join(", ")}`,
  autoAction: 'Automatic action must be "hide" or "delete"',
} as const;

export const postReportSettingsSchema = z.strictObject({
  autoDeleteEnabled: z.boolean({ error: "autoDeleteEnabled must be true or false" }),
  autoDeleteThreshold: z.literal(REPORT_THRESHOLDS, { error: REPORT_SETTINGS_MESSAGES.threshold }),
  /** Optional so a body of only the two published fields still works: absent keeps the stored action. */
  autoAction: z.enum(REPORT_AUTO_ACTIONS, { error: REPORT_SETTINGS_MESSAGES.autoAction }).optional(),
});
export type PostReportSettingsBody = z.infer<typeof postReportSettingsSchema>;
/** What GET and PUT answer: a threshold stored before the 10/50/100 rule is shown as it is. */
export const postReportSettingsResponseSchema = z.object({
  autoDeleteEnabled: z.boolean(),
  autoDeleteThreshold: z.number().int(),
  autoAction: z.enum(REPORT_AUTO_ACTIONS),
});
