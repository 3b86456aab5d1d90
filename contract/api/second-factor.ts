import { z } from "zod";
import { PASSKEY_NAME_MAX_LENGTH, RECOVERY_CODE_COUNT, TOTP } from "../limits.ts";
import { authUserSchema, resetPasswordResponseSchema } from "./auth.ts";
import { timestampSchema } from "./timestamps.ts";

export const SECOND_FACTOR_MESSAGES = {
  totpCode: `Enter the ${TOTP.digits}-digit code from your authenticator app`,
  code: `Enter the ${TOTP.digits}-digit code from your authenticator app or a recovery code`,
  passkeyName: "Give this passkey a name",
  passkeyNameTooLong: `A passkey name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  alreadyEnabled: "An authenticator app is already set up. Turn it off before setting up another.",
  noSetup: "Start the setup again: it was not started or has expired.",
  notEnabled: "No authenticator app is set up.",
  passkeyNotFound: "Passkey not found",
  tooManyPasskeys: "You have the most passkeys an account can hold. Remove one to add another.",
  passkeyExists: "This passkey is already registered.",
} as const;

/** A code from the authenticator app: six digits, spaces allowed (apps show them as "123 456"). */
export const totpCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.totpCode })
  .max(20, { error: SECOND_FACTOR_MESSAGES.totpCode })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: SECOND_FACTOR_MESSAGES.totpCode }));

/** Recovery codes are ten letters and digits, shown as `xxxxx-xxxxx`; typed in any case, with or without the dash. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{10}$/;
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, "").toLowerCase();

/** A code from the app or a recovery code, where either proves the member (sign-in, confirming it is the member, turning off). */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.code })
  .max(40, { error: SECOND_FACTOR_MESSAGES.code })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .refine((code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(normalizeRecoveryCode(code)), {
        error: SECOND_FACTOR_MESSAGES.code,
      }),
  );

/** What a member has set up; part of their profile. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpSetupResponseSchema = z.object({
  /** The key in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://` address the QR code carries. */
  otpauthUrl: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableBodySchema = z.strictObject({ code: totpCodeSchema });
export type TotpEnableBody = z.input<typeof totpEnableBodySchema>;

export const recoveryCodesResponseSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const disableTotpBodySchema = z.strictObject({ code: secondFactorCodeSchema });
export type DisableTotpBody = z.input<typeof disableTotpBodySchema>;

// WebAuthn's JSON forms (what @simplewebauthn/browser hands over), checked for shape; the library checks the rest.
const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);
const clientExtensionResults = z.record(z.string(), z.unknown());

export const registrationResponseSchema = z.strictObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url,
    attestationObject: base64url.max(16_384),
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

export const authenticationResponseSchema = z.strictObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const passkeyOptionsBodySchema = z.strictObject({
  /** `register` adds a passkey to the signed-in account; `authenticate` proves one (sign-in, second step, unlock). */
  purpose: z.enum(["register", "authenticate"], { error: "Purpose must be register or authenticate" }),
});
/** WebAuthn options for `navigator.credentials.create()` or `.get()`, as @simplewebauthn/browser takes them. */
export const passkeyOptionsResponseSchema = z.looseObject({ challenge: z.string() });

export const passkeyNameSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.passkeyName })
  .trim()
  .min(1, { error: SECOND_FACTOR_MESSAGES.passkeyName })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: SECOND_FACTOR_MESSAGES.passkeyNameTooLong });

export const addPasskeyBodySchema = z.strictObject({
  response: registrationResponseSchema,
  name: passkeyNameSchema,
});

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);
export const passkeyIdParamsSchema = z.strictObject({
  id: z.uuid({ error: SECOND_FACTOR_MESSAGES.passkeyNotFound }),
});

export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });

/** The second step of a sign-in: a code (app or recovery) or a passkey. */
export const secondFactorSignInBodySchema = z.union([
  z.strictObject({ code: secondFactorCodeSchema }),
  z.strictObject({ passkey: authenticationResponseSchema }),
]);
export type SecondFactorSignInBody = z.input<typeof secondFactorSignInBodySchema>;

export const SECOND_FACTOR_METHODS = ["totp", "recovery", "passkey"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The password was right and the account has a second factor: no session yet, only a pending sign-in. */
export const secondFactorRequiredSchema = z.object({
  secondFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** A sign-in's answer: signed in, or asked for the second factor. */
export const signInResponseSchema = z.union([z.object({ user: authUserSchema }), secondFactorRequiredSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** A password reset's answer: signed in, or asked for the second factor like a sign-in; a message either way. */
export const resetPasswordAnswerSchema = z.union([
  resetPasswordResponseSchema,
  secondFactorRequiredSchema.extend({ message: resetPasswordResponseSchema.shape.message }),
]);
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;
