import type { PastDueNotice } from "./billing-events.service.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const longDate = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const money = (amountMinor: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(amountMinor / 100);

/** A renewal could not be charged: what the in-app banner says, with the link to update the card. */
export function pastDueEmail(notice: PastDueNotice & { link: string }) {
  const lapses = longDate(notice.lapsesAt);
  const amount = money(notice.amountMinor, notice.currency);
  const subject = "Your Tagit Premium payment failed";
  const text = [
    `Hi ${notice.firstName},`,
    "",
    `We could not take the ${amount} renewal of your Tagit Premium from your card.`,
    `Premium stays on until ${lapses}. Update your card before then to keep it; we will retry the payment with`,
    "the new card straight away.",
    "",
    `Update your card: ${notice.link}`,
    "",
    "If you meant to stop Premium, you do not need to do anything.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(notice.firstName)},</p>
<p>We could not take the ${escapeHtml(amount)} renewal of your Tagit Premium from your card.</p>
<p>Premium stays on until <strong>${escapeHtml(lapses)}</strong>. Update your card before then to keep it; we will retry the payment with the new card straight away.</p>
<p><a href="${escapeHtml(notice.link)}">Update your card</a></p>
<p>If you meant to stop Premium, you do not need to do anything.</p>`;
  return { subject, text, html };
}
