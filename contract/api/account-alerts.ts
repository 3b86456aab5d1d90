import { z } from "zod";
import { MESSAGES } from "../errors.ts";
import { timestampSchema } from "./timestamps.ts";

/**
 * The Security checkup card (GET /api/security-checkup): the signed-in member's own figures, each with the action
 * the card offers beside it.
 */
export const securityCheckupSchema = z.object({
  /** Whether an authenticator app guards sign-ins. */
  authenticatorApp: z.boolean(),
  passkeys: z.number().int(),
  /** Recovery codes not used yet; null without an authenticator app (there are none). */
  recoveryCodesLeft: z.number().int().nullable(),
  /** Live sessions, this one included. */
  sessions: z.number().int(),
  /** When the password was last set; null when it was last set before Tagit kept the date. */
  passwordChangedAt: timestampSchema.nullable(),
  /** Whether a sign-in from a new network and browser is mailed to the member. */
  newSignInEmails: z.boolean(),
});
export type SecurityCheckup = z.infer<typeof securityCheckupSchema>;

/** Mutes (false) or restores (true) the e-mails about sign-ins from a new place. */
export const newSignInEmailsBodySchema = z.strictObject({
  enabled: z.boolean({ error: "Choose whether to receive new sign-in e-mails" }),
});
export type NewSignInEmailsBody = z.input<typeof newSignInEmailsBodySchema>;

/** The "Wasn't me" link of a new-sign-in e-mail, redeemed by the page it opens. */
export const wasntMeBodySchema = z.strictObject({
  token: z
    .string({ error: MESSAGES.invalidWasntMeToken })
    .min(1, { error: MESSAGES.invalidWasntMeToken })
    .max(200),
});
export type WasntMeBody = z.input<typeof wasntMeBodySchema>;

/**
 * Every session of the member has ended and the old password no longer works; `resetToken` is a password reset
 * link's token (valid as long as one mailed) for choosing a new password at once.
 */
export const wasntMeAnswerSchema = z.object({ signedOut: z.number().int(), resetToken: z.string() });
export type WasntMeAnswer = z.infer<typeof wasntMeAnswerSchema>;
