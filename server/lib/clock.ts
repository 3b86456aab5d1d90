/** Injectable time, so time rules (token expiry, 48 h pause, 5 s windows) are testable without waiting. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
