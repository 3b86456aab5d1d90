import { HIDE_MODE_MIN_UNIQUE_VIEWS, PAUSE_HOURS } from "#contract/limits.ts";

export type PrivacyMode = "show" | "hide" | "pause";

const PAUSE_MS = PAUSE_HOURS * 60 * 60 * 1000;

/** The mode in force at `now`: a pause that has run its 48 hours is back to show. */
export function effectiveMode(mode: PrivacyMode, pauseStartedAt: Date | null, now: Date): PrivacyMode {
  if (mode !== "pause") return mode;
  if (!pauseStartedAt || now.getTime() - pauseStartedAt.getTime() >= PAUSE_MS) return "show";
  return "pause";
}

/** When a pause in force returns to show, or null. */
export function pauseEndsAt(mode: PrivacyMode, pauseStartedAt: Date | null, now: Date): Date | null {
  if (effectiveMode(mode, pauseStartedAt, now) !== "pause" || !pauseStartedAt) return null;
  return new Date(pauseStartedAt.getTime() + PAUSE_MS);
}

/** Hours left of a pause, rounded to 2 decimals (0 when not paused). */
export function pauseHoursRemaining(mode: PrivacyMode, pauseStartedAt: Date | null, now: Date): number {
  if (effectiveMode(mode, pauseStartedAt, now) !== "pause" || !pauseStartedAt) return 0;
  const ms = PAUSE_MS - (now.getTime() - pauseStartedAt.getTime());
  return Math.round((ms / 3_600_000) * 100) / 100;
}

/** The mode a request for `requested` is granted: hide needs a post with 5+ unique viewers, else pause. */
export function grantedMode(requested: PrivacyMode, highestUniqueViewers: number): PrivacyMode {
  if (requested === "hide" && highestUniqueViewers < HIDE_MODE_MIN_UNIQUE_VIEWS) return "pause";
  return requested;
}

/** Whether a visitor in this mode is recorded anonymously. */
export const isAnonymousMode = (mode: PrivacyMode) => mode !== "show";
