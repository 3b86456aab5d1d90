import { z } from "zod";
import { REPEATED_SEARCH_ALERT } from "../limits.ts";
import { timestampSchema } from "./timestamps.ts";

export const NOTICE_KINDS = ["post_hidden", "post_removed", "post_restored", "repeated_search"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How many notices GET /api/notices answers, newest first. */
export const NOTICES_SHOWN = 20;

/**
 * An in-app notice to a member: about their own post (`postName`; it never names who reported it), or, for
 * `repeated_search`, about a named visitor who kept looking for their posts (`visitor`, with their current name,
 * so the member can block them).
 */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** The post a moderation notice is about; null for a repeated-search alert. */
  postName: z.string().nullable(),
  /** The visitor a repeated-search alert is about; null for a moderation notice. */
  visitor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The words the notice is shown with. */
  text: z.string(),
  createdAt: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

export const noticeIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Notice not found" }) });

type NoticeSubject = Pick<Notice, "postName" | "visitor">;
const NOTICE_TEXTS: Record<NoticeKind, (subject: NoticeSubject) => string> = {
  post_hidden: ({ postName }) => `Your post "${postName}" was hidden pending review`,
  post_removed: ({ postName }) => `Your post "${postName}" was removed by an administrator`,
  // A hold lifted shows the post again only if its owner shows it, so the words promise no more.
  post_restored: ({ postName }) =>
    `Your post "${postName}" was reviewed and is no longer hidden by moderation`,
  repeated_search: ({ visitor }) =>
    `${visitor?.name ?? "A member"} looked for your posts ${REPEATED_SEARCH_ALERT.events} times this week`,
};

/** The words a notice is shown with. */
export function noticeText(notice: Pick<Notice, "kind" | "postName" | "visitor">): string {
  return NOTICE_TEXTS[notice.kind](notice);
}
