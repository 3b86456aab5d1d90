import { z } from "zod";
import { MESSAGES } from "../errors.ts";
import { BIO_MAX_LENGTH } from "../limits.ts";
import { SUBSCRIPTION_STATUSES } from "../plans.ts";
import { THEMES } from "../themes.ts";
import { emailSchema, passwordSchema, personNameSchema } from "./auth.ts";
import { uploadPathSchema } from "./posts.ts";
import { twoFactorStatusSchema } from "./second-factor.ts";
import { timestampSchema } from "./timestamps.ts";

export const PRIVACY_MODES = ["show", "hide", "pause"] as const;

export const PROFILE_MESSAGES = {
  noPendingEmail: "There is no e-mail change waiting for your confirmation",
} as const;

/** The signed-in member's own profile (GET /api/profile). Never served for anyone else. */
export const profileSchema = z.object({
  id: z.string(),
  /** The login address (sign-in, password reset and every notice use it). */
  email: z.string(),
  /**
   * An address an administrator asked to move the login to, waiting for the member to confirm it with their
   * password (POST /api/profile/confirm-email-change) or decline it (DELETE /api/profile/pending-email).
   */
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  tagg: z.string().nullable(),
  bio: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  wallpaperUrl: z.string().nullable(),
  wallpaperPosition: z.string(),
  theme: z.enum(THEMES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /** Premium was cancelled and ends at subscriptionCurrentPeriodEnd instead of renewing. */
  subscriptionCancelAtPeriodEnd: z.boolean(),
  subscriptionCurrentPeriodEnd: timestampSchema.nullable(),
  /** While a renewal is unpaid (past_due): when Premium lapses unless the card is updated. */
  subscriptionLapsesAt: timestampSchema.nullable(),
  /** The card Premium is charged to, when the provider has told us. */
  paymentCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  privacyMode: z.enum(PRIVACY_MODES),
  isHidden: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** What the member has set up as a second factor: an authenticator app, and how many passkeys. */
  twoFactor: twoFactorStatusSchema,
  createdAt: timestampSchema,
});
export type Profile = z.infer<typeof profileSchema>;

const clampAxis = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** "x,y" with each axis a number; out-of-range numbers are clamped to 0–100. */
export const wallpaperPositionSchema = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?$/, { error: "Wallpaper position must be two numbers as x,y" })
  .transform((value) => {
    const [x = 50, y = 50] = value.split(",").map(Number);
    return `${clampAxis(x)},${clampAxis(y)}`;
  });

/** A member's bio: plain text, no angle brackets. */
export const bioSchema = z
  .string()
  .trim()
  .max(BIO_MAX_LENGTH, { error: `Bio must be at most ${BIO_MAX_LENGTH} characters` })
  .refine((bio) => !/[<>]/.test(bio), { error: "Bio cannot contain < or >" });

export const updateProfileBodySchema = z
  .strictObject({
    firstName: personNameSchema("First name").optional(),
    lastName: personNameSchema("Last name").optional(),
    bio: bioSchema.optional(),
    theme: z.enum(THEMES, { error: "Choose one of the listed themes" }).optional(),
    wallpaperPosition: wallpaperPositionSchema.optional(),
    /** Images uploaded through POST /api/upload-image by this member (the stored original); null removes. */
    profilePictureUrl: uploadPathSchema.nullable().optional(),
    wallpaperUrl: uploadPathSchema.nullable().optional(),
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    currentPassword: z.string().max(200).optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== "currentPassword"), {
    error: "Nothing to update",
  });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** Confirms the e-mail change an administrator asked for: the member's current password. */
export const confirmEmailChangeBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, { error: MESSAGES.currentPasswordRequired })
    .max(200),
});
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBodySchema>;

export const profileResponseSchema = profileSchema;
