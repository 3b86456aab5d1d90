import { INVITATION_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from "#contract/limits.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetEmail({ firstName, link }: { firstName: string; link: string }) {
  const subject = "Reset your Tagit password";
  const text = [
    `Hi ${firstName},`,
    "",
    "We received a request to reset the password of your Tagit account.",
    `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new password:`,
    "",
    link,
    "",
    "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>We received a request to reset the password of your Tagit account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for ${RESET_TOKEN_TTL_MINUTES} minutes).</p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>`;
  return { subject, text, html };
}

/** To a profile an administrator created: the account has no password until the member chooses one here. */
export function invitationEmail({ firstName, link }: { firstName: string; link: string }) {
  const subject = "You're invited to Tagit: choose your password";
  const text = [
    `Hi ${firstName},`,
    "",
    "A Tagit administrator has created an account for you.",
    `Open this link within ${INVITATION_TTL_DAYS} days to choose your password and sign in:`,
    "",
    link,
    "",
    "If you did not expect this, you can ignore this e-mail; nobody can sign in without choosing a password here.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>A Tagit administrator has created an account for you.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works for ${INVITATION_TTL_DAYS} days).</p>
<p>If you did not expect this, you can ignore this e-mail; nobody can sign in without choosing a password here.</p>`;
  return { subject, text, html };
}
