import { z } from "zod";
import { MESSAGES } from "../errors.ts";
import { authenticationResponseSchema, secondFactorCodeSchema } from "./second-factor.ts";
import { daySchema, timestampSchema } from "./timestamps.ts";

/**
 * One place a member is signed in: the device (browser and system, as its user agent names them), when the
 * session began, and the day it was last used — never finer than the day.
 */
export const signedInSessionSchema = z.object({
  id: z.uuid(),
  /** The session this request came from ("this device"). */
  current: z.boolean(),
  createdAt: timestampSchema,
  lastActiveDay: daySchema,
  device: z.string(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionListSchema = z.array(signedInSessionSchema);
export const sessionIdParamsSchema = z.strictObject({ id: z.uuid({ error: "Session not found" }) });
export const revokeOtherSessionsResponseSchema = z.object({ revoked: z.number().int() });

export const SESSION_MESSAGES = {
  notFound: "Session not found",
  current: "This is the session you are using: sign out instead",
} as const;

/**
 * Confirming it is the member: the password, or a code (app or recovery) or a passkey when they have one,
 * counts as a recent sign-in for a while.
 */
export const reauthenticateBodySchema = z.union([
  z.strictObject({
    currentPassword: z
      .string({ error: MESSAGES.reauthRequired })
      .min(1, { error: MESSAGES.reauthRequired })
      .max(200),
  }),
  z.strictObject({ code: secondFactorCodeSchema }),
  z.strictObject({ passkey: authenticationResponseSchema }),
]);
export type ReauthenticateBody = z.input<typeof reauthenticateBodySchema>;
