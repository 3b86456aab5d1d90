import type { AdminAppeal, AppealStatus, DecisionKind } from "#contract/api/moderation.ts";

/** What a decision did, as the queue names it. */
export const DECISION_KIND_LABELS: Record<DecisionKind, string> = {
  post_hidden: "Post hidden pending review",
  post_removed: "Post removed",
  tagg_removed: "Tagg removed",
  profile_hidden: "Profile hidden",
};

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  open: "Open",
  upheld: "Upheld",
  reversed: "Reversed",
};

type Person = { firstName: string; lastName: string };

export const personName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** What the decision was about: `“sunset”`, `@ada`, both, or nothing for a profile. */
export function decisionSubject(subject: AdminAppeal["decision"]["subject"]): string {
  const parts = [subject.postName ? `“${subject.postName}”` : null, subject.tagg ? `@${subject.tagg}` : null];
  return parts.filter((part) => part !== null).join(" · ");
}

/** Who took the decision: the report threshold, a named administrator, or one whose account is gone. */
export function decidedByLabel(decision: Pick<AdminAppeal["decision"], "automatic" | "decidedBy">): string {
  if (decision.automatic) return "Automatic: the reports reached the threshold";
  return decision.decidedBy ? `By ${personName(decision.decidedBy)}` : "By an administrator no longer here";
}

/** "Bea Poster's appeal about “sunset”": how a row's buttons name it. */
export function appealName(appeal: Pick<AdminAppeal, "member" | "decision">): string {
  const subject = decisionSubject(appeal.decision.subject);
  return `${personName(appeal.member)}'s appeal${subject ? ` about ${subject}` : ""}`;
}
