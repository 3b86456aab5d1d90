import { NetworkError } from "./api-request.ts";

export const SESSION_EXPIRED_TOAST = {
  title: "Session Expired",
  description: "Your session has expired. Please log in again to create posts.",
} as const;

/**
 * A mutation error whose message contains "401", "session" or "Invalid or expired" means the
 * member's session is gone. Our ApiError messages read "<status>: <body>", so any 401 answer matches.
 * A network failure never counts, whatever its wording. Pure: unit-tested.
 */
export function isSessionExpiredError(error: unknown): boolean {
  if (error instanceof NetworkError) return false;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (!message) return false;
  return /\b401\b/.test(message) || /session/i.test(message) || /invalid or expired/i.test(message);
}
