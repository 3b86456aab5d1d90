import { retryAfterText } from "#contract/api/data-export.ts";

/** What asking the server for a data export (HEAD) means for the member: go ahead, or a message saying why not. */
export type DataExportCheck = { ok: true } | { ok: false; message: string };

/** The answer to `HEAD /api/profile/export` with `status` and its `Retry-After`, in the member's words. Pure. */
export function dataExportCheck(status: number, retryAfter: string | null): DataExportCheck {
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 429) {
    const seconds = Number(retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? retryAfterText(seconds) : "an hour";
    return { ok: false, message: `You can download your data once an hour. Try again in ${wait}.` };
  }
  if (status === 401) {
    return { ok: false, message: "Your session has ended. Sign in again to download your data." };
  }
  return { ok: false, message: "Your download could not be prepared. Please try again in a moment." };
}
