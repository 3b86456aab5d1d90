import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

export const NOTICE_KINDS = ["post_hidden", "post_removed"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How many notices GET /api/notices answers, newest first. */
export const NOTICES_SHOWN = 20;

/** An in-app notice to a member about their own post. It never names who reported it. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  postName: z.string(),
  createdAt: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

export const noticeIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Notice not found" }) });

/** The words a notice is shown with. */
export function noticeText(notice: Pick<Notice, "kind" | "postName">): string {
  return notice.kind === "post_hidden"
    ? `Your post "${notice.postName}" was hidden pending review`
    : `Your post "${notice.postName}" was removed by an administrator`;
}
