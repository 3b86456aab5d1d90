import { z } from "zod";

/** Every error the API answers, by code. The server maps a code to its status; the web maps a body to a toast. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** With a 409 for a taken name: free alternatives. */
  suggestions: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const MESSAGES = {
  notSignedIn: "Please sign in to continue",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  wrongCurrentPassword: "Current password is incorrect",
  currentPasswordRequired: "Enter your current password to change your email or password",
  invalidResetToken: "This reset link is invalid or has expired",
  forbiddenOrigin: "Request blocked: it did not come from Tagit",
  adminRequired: "Admin access required",
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
} as const;
