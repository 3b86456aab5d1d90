const HOUR_MS = 60 * 60_000;

/**
 * Whether a report counts toward the automatic action (decision 049): only when, at the moment it is made, its
 * reporter's e-mail is verified and their account is at least `minAccountAgeHours` old. Decided once, when the
 * report is made: a report from an account too new then never starts counting later.
 */
export function reportCounts(
  reporter: { emailVerified: boolean; createdAt: Date },
  at: Date,
  minAccountAgeHours: number,
): boolean {
  return (
    reporter.emailVerified && at.getTime() - reporter.createdAt.getTime() >= minAccountAgeHours * HOUR_MS
  );
}
