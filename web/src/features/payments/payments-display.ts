/** Rules of the Premium screen. Pure: unit-tested. */

/** What Premium offers, as the plan card lists it. */
export const PREMIUM_FEATURES = [
  "Full dashboard access",
  "Create and view posts",
  "Search all users",
  "Profile customisation",
  "Social media links",
  "Priority support",
] as const;

/**
 * "2025-05-01T…" → "1 May 2025"; null/unparsable → null. The day in UTC, as billing periods and the billing
 * e-mails count them, so the server's first HTML and the browser show the same day.
 */
export function formatPeriodEnd(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The sentence shown after cancelling at period end. */
export function premiumEndsText(currentPeriodEnd: string | null | undefined): string {
  const date = formatPeriodEnd(currentPeriodEnd);
  return date
    ? `Your Premium stays active until ${date} and will not renew.`
    : "Your Premium stays active until the end of the current billing period and will not renew.";
}
