import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_PATTERN,
} from "../limits.ts";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: "Email is too long" })
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const personNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(NAME_MAX_LENGTH, { error: `${label} must be at most ${NAME_MAX_LENGTH} characters` });

export const referralCodeSchema = z
  .string()
  .trim()
  .regex(REFERRAL_CODE_PATTERN, { error: "Referral code is not valid" });

export const registerBodySchema = z.strictObject({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  password: passwordSchema,
  referralCode: referralCodeSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: z.string({ error: "Invalid Token" }).min(1, { error: "Invalid Token" }).max(200),
  newPassword: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The user as the auth calls answer it: email, firstName, lastName, tagg. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tagg: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResponseSchema = z.object({ user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const resetPasswordResponseSchema = z.object({ message: z.string(), user: authUserSchema });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we have sent a password reset link.";

export const verifyEmailBodySchema = z.strictObject({
  token: z.string({ error: "Invalid Token" }).min(1, { error: "Invalid Token" }).max(200),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const resendVerificationResponseSchema = z.object({ message: z.string() });
export const RESEND_VERIFICATION_MESSAGE = "If your address is not verified yet, a new link is on its way.";
