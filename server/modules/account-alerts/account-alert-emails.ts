import { SIGN_IN_ALERTS } from "#contract/limits.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A line of an e-mail: plain text, or a link with the words that carry it. */
type Line = string | { link: string; text: string };

/** Text and HTML of one e-mail from its lines, both starting "Hi {firstName},". */
function compose(subject: string, firstName: string, lines: Line[]) {
  const text = [
    `Hi ${firstName},`,
    ...lines.map((line) => (typeof line === "string" ? line : `${line.text}: ${line.link}`)),
  ].join("\n\n");
  const html = [
    `<p>Hi ${escapeHtml(firstName)},</p>`,
    ...lines.map((line) =>
      typeof line === "string"
        ? `<p>${escapeHtml(line)}</p>`
        : `<p><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></p>`,
    ),
  ].join("\n");
  return { subject, text, html };
}

/** When something happened, as these e-mails write it: "Monday 7 December 2026 at 07:40 UTC". */
export const mailTime = (at: Date) =>
  `${new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

/** A sign-in from a network and a browser the account had not been used from. */
export function newSignInEmail(input: {
  firstName: string;
  device: string;
  network: string;
  at: Date;
  wasntMeLink: string;
  settingsLink: string;
}) {
  return compose("New sign-in to your Tagit account", input.firstName, [
    "Your Tagit account was just signed in to from a browser and a network it has not been used from before.",
    `Browser: ${input.device}. Network: ${input.network}. Time: ${mailTime(input.at)}.`,
    "If this was you, there is nothing to do.",
    `If it wasn't you, use this link: it signs your account out everywhere and asks you for a new password. It works once, within ${SIGN_IN_ALERTS.linkDays} days.`,
    { text: "Wasn't me", link: input.wasntMeLink },
    "You can turn these e-mails off under Security Settings, Security checkup.",
    { text: "Security settings", link: input.settingsLink },
  ]);
}

/** A change to the account's security, told to the address that was the login before it. */
export type AccountChange =
  | { kind: "password" }
  | { kind: "email"; newEmail: string }
  | { kind: "authenticator_on" }
  | { kind: "authenticator_off" }
  | { kind: "recovery_codes" }
  | { kind: "passkey_added"; name: string }
  | { kind: "passkey_removed" }
  | { kind: "payout_details"; details: string };

/** "a***@e***.com": enough for the owner to recognise an address, too little for anyone else to use it. */
export function maskEmail(email: string) {
  const [name = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : "";
  return `${name.slice(0, 1)}***@${host.slice(0, 1)}***${suffix}`;
}

/** The subject of the e-mail about a change, and the sentence that says what changed. */
function described(change: AccountChange): { subject: string; what: string } {
  switch (change.kind) {
    case "password":
      return {
        subject: "Your Tagit password was changed",
        what: "The password of your Tagit account was changed.",
      };
    case "email":
      return {
        subject: "Your Tagit e-mail address was changed",
        what:
          `The login e-mail of your Tagit account was changed from this address to ${maskEmail(change.newEmail)}. ` +
          "From now on we write to the new address only.",
      };
    case "authenticator_on":
      return {
        subject: "An authenticator app now guards your Tagit account",
        what: "An authenticator app was turned on: every sign-in to your Tagit account now asks for its code.",
      };
    case "authenticator_off":
      return {
        subject: "The authenticator app of your Tagit account was turned off",
        what:
          "The authenticator app of your Tagit account was turned off, and its recovery codes were deleted: " +
          "signing in no longer asks for its code.",
      };
    case "recovery_codes":
      return {
        subject: "New recovery codes for your Tagit account",
        what: "New recovery codes were made for your Tagit account. The old ones no longer work.",
      };
    case "passkey_added":
      return {
        subject: "A passkey was added to your Tagit account",
        what: `A passkey named "${change.name}" was added to your Tagit account.`,
      };
    case "passkey_removed":
      return {
        subject: "A passkey was removed from your Tagit account",
        what: "A passkey was removed from your Tagit account.",
      };
    case "payout_details":
      return {
        subject: "A payout of your Tagit referral earnings was requested",
        what: `A payout of your referral earnings was requested, to be paid to ${change.details}.`,
      };
  }
}

/**
 * The e-mail about an account change. An e-mail change goes to the old address, whose owner can no longer reset
 * the password from it, so its help says to act from the account or write for help from this address.
 */
export function accountChangeEmail(input: {
  firstName: string;
  change: AccountChange;
  at: Date;
  forgotPasswordLink: string;
  supportEmail: string | undefined;
}) {
  const { subject, what } = described(input.change);
  const help = input.supportEmail
    ? `If it wasn't you, write to ${input.supportEmail} from this address at once and keep this e-mail: it shows the change was not yours.`
    : "If it wasn't you, contact the people who run this Tagit site from this address at once and keep this e-mail: it shows the change was not yours.";
  const lines: Line[] =
    input.change.kind === "email"
      ? [
          "If you made this change, there is nothing to do.",
          "If it wasn't you, someone who knows your password has moved your login away from this address.",
          help,
        ]
      : [
          "If you made this change, there is nothing to do.",
          "If it wasn't you, someone may know your password: choose a new one now (that signs out every session, theirs too), then check Security Settings.",
          { text: "Choose a new password", link: input.forgotPasswordLink },
        ];
  return compose(subject, input.firstName, [`${what} (${mailTime(input.at)})`, ...lines]);
}
