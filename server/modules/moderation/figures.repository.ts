import { desc, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { moderationMonthly } from "#server/db/schema/index.ts";

/** A counter of the transparency page's monthly figures. */
export type MonthlyCounter =
  | "reportsReceived"
  | "reportsCounted"
  | "hiddenAutomatically"
  | "hiddenByAdmin"
  | "removed"
  | "appeals"
  | "reversed";

/** The UTC month of an instant, as the figures are keyed: `2026-11`. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The `moderation_monthly` table: counts only, never who or which. */
export function createFiguresRepository(db: Database) {
  return {
    /** Adds `by` to a counter of the month of `at`, creating the month's row when it is the first. */
    async count(counter: MonthlyCounter, at: Date, by = 1) {
      if (by === 0) return;
      const column = moderationMonthly[counter];
      await db
        .insert(moderationMonthly)
        .values({ month: monthOf(at), [counter]: by })
        .onConflictDoUpdate({
          target: moderationMonthly.month,
          set: { [counter]: sql`${column} + ${by}` },
        });
    },

    /** Records how many hours a review took, in the month it was made. */
    async recordReview(hours: number, at: Date) {
      await db
        .insert(moderationMonthly)
        .values({ month: monthOf(at), reviewHours: [hours] })
        .onConflictDoUpdate({
          target: moderationMonthly.month,
          set: { reviewHours: sql`array_append(${moderationMonthly.reviewHours}, ${hours}::real)` },
        });
    },

    /** The latest `limit` months with figures, newest first, each with the median of its review hours. */
    months(limit: number) {
      return db
        .select({
          month: moderationMonthly.month,
          reportsReceived: moderationMonthly.reportsReceived,
          reportsCounted: moderationMonthly.reportsCounted,
          hiddenAutomatically: moderationMonthly.hiddenAutomatically,
          hiddenByAdmin: moderationMonthly.hiddenByAdmin,
          removed: moderationMonthly.removed,
          appeals: moderationMonthly.appeals,
          reversed: moderationMonthly.reversed,
          reviews: sql<number>`cardinality(${moderationMonthly.reviewHours})`.mapWith(Number),
          medianReviewHours: sql<
            number | null
          >`(select percentile_cont(0.5) within group (order by h) from unnest(${moderationMonthly.reviewHours}) as h)`.mapWith(
            (value) => (value === null ? null : Number(value)),
          ),
        })
        .from(moderationMonthly)
        .orderBy(desc(moderationMonthly.month))
        .limit(limit);
    },
  };
}

export type FiguresRepository = ReturnType<typeof createFiguresRepository>;
