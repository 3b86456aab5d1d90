import { EMAIL_VERIFICATION_TTL_HOURS } from "#contract/limits.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verifyEmailEmail({ firstName, link }: { firstName: string; link: string }) {
  const subject = "Verify your Tagit e-mail address";
  const text = [
    `Hi ${firstName},`,
    "",
    `Please confirm this is your address: open this link within ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
    "",
    link,
    "",
    "If you did not sign up for Tagit or change your address, you can ignore this e-mail.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p><a href="${escapeHtml(link)}">Confirm your e-mail address</a> (the link works for ${EMAIL_VERIFICATION_TTL_HOURS} hours).</p>
<p>If you did not sign up for Tagit or change your address, you can ignore this e-mail.</p>`;
  return { subject, text, html };
}

/** Sent to the previous address, so a hijacked account's owner hears about it. */
export function emailChangedEmail({ firstName, newEmail }: { firstName: string; newEmail: string }) {
  const subject = "Your Tagit e-mail address was changed";
  const text = [
    `Hi ${firstName},`,
    "",
    `The e-mail address of your Tagit account was changed to ${newEmail}.`,
    "If you did not do this, reset your password straight away and contact us.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>The e-mail address of your Tagit account was changed to ${escapeHtml(newEmail)}.</p>
<p>If you did not do this, reset your password straight away and contact us.</p>`;
  return { subject, text, html };
}
