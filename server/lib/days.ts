/**
 * Day precision for what tells when a member was active: their last active day and their sessions' expiry
 * are kept as UTC days (midnights), never as a time of day.
 */
const DAY_MS = 86_400_000;

/** The UTC day of a moment, "YYYY-MM-DD" (the form of `profiles.lastActive`). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The midnight (UTC) that starts a day, given as "YYYY-MM-DD" or as any moment in it. */
export const startOfUtcDay = (day: string | Date): Date =>
  new Date(`${typeof day === "string" ? day : utcDay(day)}T00:00:00.000Z`);

/** The first UTC midnight after a moment: the end of its day. */
export const nextUtcMidnight = (at: Date): Date => new Date(startOfUtcDay(at).getTime() + DAY_MS);

/** Adds whole days to a moment. */
export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);
