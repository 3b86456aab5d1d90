const HOUR_MS = 3_600_000;

/** The pause counts as over at about 0.02 hours (72 s) or less remaining. */
export const PAUSE_EXPIRY_THRESHOLD_HOURS = 0.02;
export const PAUSE_EXPIRY_THRESHOLD_MS = PAUSE_EXPIRY_THRESHOLD_HOURS * HOUR_MS;

/** When a pause ends, from the server's `timeRemaining` (hours) and the moment that answer arrived. */
export function pauseEndsAt(timeRemainingHours: number, receivedAtMs: number): number {
  return receivedAtMs + Math.max(0, timeRemainingHours) * HOUR_MS;
}

/** "47h 05m 09s" — hours and minutes, with seconds so the tick every second is visible. Never negative. */
export function formatTimeRemaining(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.floor(remainingMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}h ${String(minutes).padStart(2, "0")}m ${String(seconds).padStart(2, "0")}s`;
}

/** The same in words for screen readers, to the minute: "47 hours 5 minutes". */
export function describeTimeRemaining(remainingMs: number): string {
  const totalMinutes = Math.max(0, Math.floor(remainingMs / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (hours === 0) return part(minutes, "minute");
  return `${part(hours, "hour")} ${part(minutes, "minute")}`;
}

/** Whether the countdown has reached its end (≤ 0.02 h left). */
export function isPauseExpiring(remainingMs: number): boolean {
  return remainingMs <= PAUSE_EXPIRY_THRESHOLD_MS;
}
