/** `GET /api/profile/export`: a zip of everything Tagit stores about the signed-in member (decision 048). */
export const DATA_EXPORT_URL = "/api/profile/export";

/** A member may start one export an hour; one that fails on our side gives the hour back. */
export const DATA_EXPORT_INTERVAL_MS = 60 * 60_000;

export const DATA_EXPORT_MESSAGES = {
  tooSoon: "You can download your data once an hour. Please try again later.",
} as const;

/** The archive's name for a download started at `at`: `tagit-data-2026-11-27.zip` (the UTC day). */
export const dataExportFileName = (at: Date) => `tagit-data-${at.toISOString().slice(0, 10)}.zip`;

/** What "try again in …" says for a `Retry-After` of `seconds`: whole minutes, at least one. */
export function retryAfterText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
