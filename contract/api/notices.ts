import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

export const NOTICE_KINDS = ["post_hidden", "post_removed", "post_restored"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How many notices GET /api/notices answers, newest first. */
export const NOTICES_SHOWN = 20;

/** An in-app notice to a member about their own post. It never names who reported it. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  postName: z.string(),
  /** The words the notice is shown with. */
  text: z.string(),
  createdAt: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

export const noticeIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Notice not found" }) });

const NOTICE_TEXTS: Record<NoticeKind, (postName: string) => string> = {
  post_hidden: (postName) => `Your post "${postName}" was hidden pending review`,
  post_removed: (postName) => `Your post "${postName}" was removed by an administrator`,
  // A hold lifted shows the post again only if its owner shows it, so the words promise no more.
  post_restored: (postName) => `Your post "${postName}" was reviewed and is no longer hidden by moderation`,
};

/** The words a notice is shown with. */
export function noticeText(notice: Pick<Notice, "kind" | "postName">): string {
  return NOTICE_TEXTS[notice.kind](notice.postName);
}
