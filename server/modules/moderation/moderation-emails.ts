import { MODERATION_LIMITS, type ModerationDecision } from "#contract/api/moderation.ts";
import { type NoticeDecision, noticeText } from "#contract/api/notices.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** The statement of reasons, line by line, as the e-mail and the export word it. */
export function statementLines(decision: ModerationDecision): string[] {
  return [
    `Decided: ${longDate.format(new Date(decision.decidedAt))}, ${
      decision.automatic
        ? "automatically, because reports from members reached the community's threshold"
        : "by an administrator"
    }.`,
    `Reason: ${decision.reason.label}.`,
    ...(decision.reason.rule ? [`The rule of the terms: ${decision.reason.rule}`] : []),
    ...(decision.reason.text ? [`In the moderator's words: ${decision.reason.text}`] : []),
  ];
}

type Member = { firstName: string };

/** To a member about a restriction of their post or tagg: what, when, why, and how to appeal. */
export function decisionEmail(input: {
  member: Member;
  decision: ModerationDecision;
  summary: NoticeDecision;
  link: string;
}) {
  const { member, decision, link } = input;
  const subject = "A moderation decision about your Tagit account";
  const headline = noticeText({ kind: "decision", postName: null, visitor: null, decision: input.summary });
  const appeal = `You can appeal once, within ${MODERATION_LIMITS.appealMonths} months (until ${longDate.format(
    new Date(decision.appealableUntil),
  )}); an administrator who did not take this decision will review it.`;
  const lines = statementLines(decision);
  const text = [
    `Hi ${member.firstName},`,
    "",
    headline,
    "",
    ...lines,
    "",
    appeal,
    "",
    `Read it and appeal: ${link}`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(member.firstName)},</p>
<p>${escapeHtml(headline)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p>${escapeHtml(appeal)}</p>
<p><a href="${escapeHtml(link)}">Read the decision and appeal</a></p>`;
  return { subject, text, html };
}

/** To a member whose appeal an administrator decided: the outcome and its words. */
export function appealDecidedEmail(input: {
  member: Member;
  summary: NoticeDecision;
  outcomeText: string;
  link: string;
}) {
  const { member, outcomeText, link } = input;
  const subject = "Your appeal on Tagit was decided";
  const headline = noticeText({
    kind: "appeal_decided",
    postName: null,
    visitor: null,
    decision: input.summary,
  });
  const text = [
    `Hi ${member.firstName},`,
    "",
    headline,
    "",
    `The administrator wrote: ${outcomeText}`,
    "",
    link,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(member.firstName)},</p>
<p>${escapeHtml(headline)}</p>
<p>The administrator wrote: ${escapeHtml(outcomeText)}</p>
<p><a href="${escapeHtml(link)}">See the decision</a></p>`;
  return { subject, text, html };
}
