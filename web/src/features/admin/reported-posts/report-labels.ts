import { REPORT_BURST } from "#contract/limits.ts";

/** "1 report" / "N reports": the count with its noun, singular for one. */
export const reportCountLabel = (n: number) => (n === 1 ? "1 report" : `${n} reports`);

/**
 * "3 counted" and "of 11 reports", the two lines of the queue's count: the reports that count toward the
 * automatic action, of all the post's reports.
 */
export const countedOfTotalLines = (counted: number, total: number) =>
  [`${counted} counted`, `of ${reportCountLabel(total)}`] as const;

/** What "counted" means, for the cell's description. */
export const countedExplanation = (counted: number, total: number) =>
  `${counted} of ${total} ${total === 1 ? "report counts" : "reports count"} toward the automatic action: ` +
  "those from members whose e-mail was verified and whose account was old enough when they reported.";

const windowWords = REPORT_BURST.windowMinutes === 60 ? "an hour" : `${REPORT_BURST.windowMinutes} minutes`;

/** "Burst: 6 new accounts within an hour" (the queue's flag, decision 049). */
export const burstLabel = (accounts: number) => `Burst: ${accounts} new accounts within ${windowWords}`;

/** The flag's rule in full, for its description. */
export const burstExplanation = (accounts: number) =>
  `${accounts} of the reporters' accounts were created within ${windowWords} of each other, each less than ` +
  `${REPORT_BURST.newAccountDays} days old when it reported.`;
