import {
  type AppealStatus,
  type DecisionKind,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationDecision,
} from "#contract/api/moderation.ts";

/**
 * How a statement of reasons reads on /moderation-decisions: what was done, by whom, whether it still applies
 * and whether it can still be appealed. Pure: unit-tested beside it.
 */

/** The element a notice's link (`decisionPath(id)`) scrolls to. */
export const decisionElementId = (id: string) => `decision-${id}`;

/** The decision a location's hash names (`#decision-<id>`), or null. */
export function decisionIdFromHash(hash: string): string | null {
  const match = /^#decision-(.+)$/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

type Subject = Pick<ModerationDecision, "kind" | "subject">;

const post = (subject: ModerationDecision["subject"]) =>
  subject.postName !== undefined ? `Your post "${subject.postName}"` : "Your post";
const tagg = (subject: ModerationDecision["subject"]) =>
  subject.tagg !== undefined ? `Your tagg @${subject.tagg}` : "Your tagg";

const WHAT_WAS_DONE: Record<DecisionKind, (subject: ModerationDecision["subject"]) => string> = {
  post_hidden: (subject) => `${post(subject)} was hidden pending review`,
  post_removed: (subject) => `${post(subject)} was removed`,
  tagg_removed: (subject) => `${tagg(subject)} was removed: your posts are no longer found by it`,
  profile_hidden: (subject) =>
    subject.tagg !== undefined
      ? `Your profile (@${subject.tagg}) and its posts were hidden from search`
      : "Your profile and its posts were hidden from search",
};

/** What the decision did, in the member's words: `Your post "sunset" was hidden pending review`. */
export function decisionHeadline(decision: Subject): string {
  return WHAT_WAS_DONE[decision.kind](decision.subject);
}

/** Who took it: the report threshold, or a person. */
export function decidedByText(automatic: boolean): string {
  return automatic ? "Automatically: reports from members reached the threshold" : "By an administrator";
}

/** Whether a member may appeal now, and if not, why not (the reason the page shows instead of the form). */
export type AppealState =
  | { kind: "open"; until: Date }
  | { kind: "appealed"; status: AppealStatus }
  | { kind: "lifted"; since: Date }
  | { kind: "closed"; on: Date };

/**
 * The form shows while there is no appeal, the decision still applies and now is before `appealableUntil` —
 * the server's own rules (409 `appeal_exists`, 409 `appeal_closed`). An appeal made shows whatever became of
 * the decision since.
 */
export function appealState(
  decision: Pick<ModerationDecision, "appeal" | "liftedAt" | "appealableUntil">,
  now: Date,
): AppealState {
  if (decision.appeal) return { kind: "appealed", status: decision.appeal.status };
  if (decision.liftedAt !== null) return { kind: "lifted", since: new Date(decision.liftedAt) };
  const until = new Date(decision.appealableUntil);
  if (now.getTime() >= until.getTime()) return { kind: "closed", on: until };
  return { kind: "open", until };
}

// Made when first used: the first Intl formatter a page makes costs time on a phone (relative-time.ts).
let dayFormat: Intl.DateTimeFormat | undefined;
let dayTimeFormat: Intl.DateTimeFormat | undefined;

/** "3 May 2027", in the member's time zone. */
export function formatDay(when: string | Date): string {
  dayFormat ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "long" });
  return dayFormat.format(new Date(when));
}

/** "3 November 2026 at 14:05", in the member's time zone. */
export function formatDayTime(when: string | Date): string {
  dayTimeFormat ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" });
  return dayTimeFormat.format(new Date(when));
}

/** Why the form is not there, in a sentence; null while it is. */
export function noAppealReason(state: AppealState): string | null {
  switch (state.kind) {
    case "open":
    case "appealed":
      return null;
    case "lifted":
      return MODERATION_MESSAGES.decisionLifted;
    case "closed":
      return `Appeals closed on ${formatDay(state.on)}: a decision can be appealed for ${MODERATION_LIMITS.appealMonths} months after it was taken.`;
  }
}

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  open: "Waiting for an administrator",
  upheld: "Decision upheld",
  reversed: "Decision reversed",
};

/** What an appeal's status means for the member. */
export function appealStatusText(status: AppealStatus): string {
  switch (status) {
    case "open":
      return "An administrator other than the one who took the decision (when there is one) will review it. You will be told the outcome here, in your notifications and by e-mail.";
    case "upheld":
      return "An administrator reviewed your appeal: the decision stands.";
    case "reversed":
      return "An administrator accepted your appeal and reversed the decision.";
  }
}
