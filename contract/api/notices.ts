import { z } from "zod";
import { REPEATED_SEARCH_ALERT } from "../limits.ts";
import type { AppealStatus, DecisionKind } from "./moderation.ts";
import { timestampSchema } from "./timestamps.ts";

export const NOTICE_KINDS = [
  "post_hidden",
  "post_removed",
  "post_restored",
  "repeated_search",
  "tagg_removed",
  "report_outcome",
  "decision",
  "appeal_decided",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What became of a post a member reported: removed, or its reports dismissed (no rule was broken). */
export const REPORT_OUTCOMES = ["removed", "dismissed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** How many notices GET /api/notices answers, newest first. */
export const NOTICES_SHOWN = 20;

/**
 * An in-app notice to a member: about their own post (`postName`; it never names who reported it), for
 * `report_outcome` about a post they reported (`postName`; it never names its owner), for
 * `repeated_search` about a named visitor who kept looking for their posts (`visitor`, with their current name,
 * so the member can block them), or for `tagg_removed` about the handle an administrator took away (`tagg`).
 */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** The post a moderation notice is about; null for the other kinds. */
  postName: z.string().nullable(),
  /** The visitor a repeated-search alert is about; null for the other kinds. */
  visitor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The tagg a `tagg_removed` notice is about; null for the other kinds. */
  tagg: z.string().nullable(),
  /**
   * The moderation decision a `decision` or `appeal_decided` notice is about: its statement of reasons and appeal
   * are at `GET /api/moderation-decisions`; null for the other kinds.
   */
  decisionId: z.string().nullable(),
  /** The words the notice is shown with. */
  text: z.string(),
  createdAt: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

export const noticeIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Notice not found" }) });

/** What a `decision` or `appeal_decided` notice says of its decision. */
export type NoticeDecision = {
  kind: DecisionKind;
  postName: string | null;
  tagg: string | null;
  reasonLabel: string;
  automatic: boolean;
  appealableUntil: Date;
  appealStatus: AppealStatus | null;
};

type NoticeSubject = Pick<Notice, "postName" | "visitor"> & {
  tagg?: string | null;
  /** For `report_outcome`: what became of the post. */
  outcome?: ReportOutcome | null;
  decision?: NoticeDecision | null;
};

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** What a decision took, in the member's words: `Your post "sunset"`, `Your tagg @ada`. */
function decisionSubject(decision: NoticeDecision) {
  return decision.postName !== null
    ? `your post "${decision.postName}"`
    : `your tagg @${decision.tagg ?? ""}`;
}

const DECISION_DONE: Record<DecisionKind, string> = {
  post_hidden: "was hidden pending review",
  post_removed: "was removed",
  tagg_removed: "was removed: your posts are no longer found by it",
  profile_hidden: "and its posts were hidden from search",
};

function decisionText(decision: NoticeDecision | null | undefined) {
  if (!decision) return "A moderation decision about you was updated.";
  const subject = decisionSubject(decision);
  const who = decision.automatic
    ? "automatically, because reports from members reached the threshold"
    : "by an administrator";
  return (
    `${subject[0]?.toUpperCase()}${subject.slice(1)} ${DECISION_DONE[decision.kind]}, ${who}. ` +
    `Reason: ${decision.reasonLabel}. You can read why and appeal until ${longDate.format(decision.appealableUntil)}.`
  );
}

function appealDecidedText(decision: NoticeDecision | null | undefined) {
  if (!decision) return "Your appeal was decided.";
  return decision.appealStatus === "reversed"
    ? `Your appeal was accepted: the decision about ${decisionSubject(decision)} was reversed.`
    : `Your appeal about ${decisionSubject(decision)} was reviewed by an administrator: the decision stands.`;
}
const NOTICE_TEXTS: Record<NoticeKind, (subject: NoticeSubject) => string> = {
  post_hidden: ({ postName }) => `Your post "${postName}" was hidden pending review`,
  post_removed: ({ postName }) => `Your post "${postName}" was removed by an administrator`,
  // A hold lifted shows the post again only if its owner shows it, so the words promise no more.
  post_restored: ({ postName }) =>
    `Your post "${postName}" was reviewed and is no longer hidden by moderation`,
  repeated_search: ({ visitor }) =>
    `${visitor?.name ?? "A member"} looked for your posts ${REPEATED_SEARCH_ALERT.events} times this week`,
  tagg_removed: ({ tagg }) =>
    `Your tagg @${tagg ?? ""} was removed by an administrator: your posts are no longer found by it. ` +
    "You can claim a new tagg from your dashboard.",
  report_outcome: ({ postName, outcome }) =>
    outcome === "removed"
      ? `A post you reported, "${postName}", was removed by an administrator. Thank you for reporting it.`
      : `A post you reported, "${postName}", was reviewed: no rule was broken, so it stays.`,
  decision: ({ decision }) => decisionText(decision),
  appeal_decided: ({ decision }) => appealDecidedText(decision),
};

/** The words a notice is shown with. */
export function noticeText(notice: Pick<Notice, "kind"> & NoticeSubject): string {
  return NOTICE_TEXTS[notice.kind](notice);
}
