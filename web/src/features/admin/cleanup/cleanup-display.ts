import type { CleanupDatabase } from "#contract/api/admin-cleanup.ts";

/** The days-inactive badge is destructive above 90 days, secondary above 60, otherwise outline. */
export function inactiveBadgeVariant(daysInactive: number): "destructive" | "secondary" | "outline" {
  if (daysInactive > 90) return "destructive";
  if (daysInactive > 60) return "secondary";
  return "outline";
}

export const CLEANUP_DATABASE_LABELS: Record<CleanupDatabase, string> = {
  taggs: "Taggs",
  profiles: "Profiles",
  posts: "Posts",
  sessions: "Sessions",
};

/** What each database's search looks for, said under the form. */
export const CLEANUP_DATABASE_HINTS: Record<CleanupDatabase, string> = {
  taggs: "Registered taggs no member holds, created before the cut-off.",
  profiles: "Members not active since the cut-off (your own profile is never listed).",
  posts: "Posts created before the cut-off and not searched for or viewed since.",
  sessions: "Sign-ins idle or expired since the cut-off.",
};

/** "12 items" / "1 item"; "500 of 1,204 items" when the search answered only the oldest. */
export function cleanupCountLabel(shown: number, total: number): string {
  const noun = total === 1 ? "item" : "items";
  return shown < total
    ? `the oldest ${shown.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} ${noun}`
    : `${total.toLocaleString("en-GB")} ${noun}`;
}
