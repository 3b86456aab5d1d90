import { ApiError } from "#web/lib/api-request.ts";

/**
 * Whether the 30 s mobile session poll should reload the page (it does when the profile call is not ok).
 * Only an answer from the server that is not ok counts: a request that never reached
 * the server (offline, tunnel) would only turn a working page into an error page. Pure: unit-tested.
 */
export function shouldReloadAfterPoll(outcome: { ok: true } | { ok: false; error: unknown }): boolean {
  return !outcome.ok && outcome.error instanceof ApiError;
}
