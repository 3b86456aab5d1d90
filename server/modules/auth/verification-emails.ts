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

/**
 * To the member's current (login) address when an administrator asks to move the login elsewhere. Nothing goes
 * to the new address until the member confirms, so it cannot be used to take the account.
 */
export function emailChangeRequestedEmail({
  firstName,
  newEmail,
  link,
}: {
  firstName: string;
  newEmail: string;
  link: string;
}) {
  const subject = "An administrator asked to change your Tagit login e-mail";
  const text = [
    `Hi ${firstName},`,
    "",
    `A Tagit administrator asked to move the login of your account to ${newEmail}.`,
    "Nothing changes until you confirm it: you keep signing in, resetting your password and receiving our",
    "e-mails at this address.",
    "",
    `Sign in to confirm the change with your password, or to decline it: ${link}`,
    "",
    "If you do not recognise this request, decline it and contact us.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>A Tagit administrator asked to move the login of your account to ${escapeHtml(newEmail)}.</p>
<p>Nothing changes until you confirm it: you keep signing in, resetting your password and receiving our e-mails at this address.</p>
<p><a href="${escapeHtml(link)}">Sign in to confirm or decline the change</a>.</p>
<p>If you do not recognise this request, decline it and contact us.</p>`;
  return { subject, text, html };
}
