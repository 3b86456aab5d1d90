// No zod here: the web app's first load reads error bodies with `readErrorBody` below, and zod stays out of
// the landing page's JavaScript (decision 029). The schema is in error-body-schema.ts.

/**
 * Every error the API answers, by machine code, with its HTTP status. Clients switch on `code`, never on
 * the status or the message: a general code (`validation`, `forbidden`, `conflict`…) unless the client acts
 * on the difference, then a specific one (`subscription_required`, `wrong_password`, `name_taken`…).
 */
export const ERROR_STATUS = {
  validation: 400,
  invalid_token: 400,
  invalid_code: 400,
  passkey_rejected: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  sign_in_expired: 401,
  payment_failed: 402,
  forbidden: 403,
  forbidden_origin: 403,
  admin_required: 403,
  wrong_password: 403,
  reauth_required: 403,
  second_factor_required: 403,
  own_decision: 403,
  subscription_required: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  email_taken: 409,
  name_taken: 409,
  last_admin: 409,
  appeal_exists: 409,
  appeal_closed: 409,
  appeal_decided: 409,
  too_large: 413,
  uri_too_long: 414,
  file_too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error body: `{error, code}`, with `fields` for validation errors and `suggestions` for a taken name. */
export type ErrorBody = {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  /** With a 409 `name_taken`: free alternatives. */
  suggestions?: string[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `value` as an error body (unknown keys dropped), or null when it is not one. */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (!isRecord(value) || typeof value.error !== "string") return null;
  const { error, code, fields, suggestions } = value;
  if (typeof code !== "string" || !Object.hasOwn(ERROR_STATUS, code)) return null;
  if (
    fields !== undefined &&
    !(isRecord(fields) && Object.values(fields).every((v) => typeof v === "string"))
  )
    return null;
  if (
    suggestions !== undefined &&
    !(Array.isArray(suggestions) && suggestions.every((v) => typeof v === "string"))
  )
    return null;
  return {
    error,
    code: code as ErrorCode,
    ...(fields !== undefined && { fields: fields as Record<string, string> }),
    ...(suggestions !== undefined && { suggestions: suggestions as string[] }),
  };
}

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
  busy: "Tagit is busy right now. Please try again in a moment.",
  restarting: "This Tagit server is restarting. Please try again in a moment.",
  invalidVerificationToken: "This verification link is invalid or has expired",
  invalidWasntMeToken: "This link is invalid, has expired or was already used",
  reauthRequired: "Please enter your password again to continue",
  invalidCode: "That code is not right. Check your authenticator app and try again.",
  signInExpired: "This sign-in has expired. Please sign in again.",
  tooManyCodes: "Too many wrong codes: this sign-in has ended. Please sign in again.",
  codesLockedOut: "Too many wrong codes. Please wait 15 minutes and try again.",
  passkeyRejected: "That passkey could not be verified. Please try again.",
  secondFactorRequired:
    "Add an authenticator app or a passkey in Security settings before opening the admin panel.",
  lastAdmin:
    "You are the only administrator. Make another member an administrator before removing your own role.",
} as const;
