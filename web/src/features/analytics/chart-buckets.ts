import type { AnalyticsEvent } from "#contract/api/analytics.ts";

/** How many days the dashboard chart covers, today included. */
export const CHART_DAYS = 14;

export type DayBucket = {
  /** Local calendar day, "YYYY-MM-DD". */
  key: string;
  /** Local midnight of that day. */
  date: Date;
  views: number;
  /** Searches, from the public page and from inside the dashboard. */
  searches: number;
};

function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * Views and searches per local calendar day for the last `days` days, oldest first, today last; days without
 * activity are zero and events outside the window (or with a bad date) are left out. Pure: unit-tested.
 */
export function bucketByDay(
  events: readonly Pick<AnalyticsEvent, "action" | "createdAt">[],
  now: Date,
  days: number = CHART_DAYS,
): DayBucket[] {
  const buckets: DayBucket[] = [];
  const index = new Map<string, DayBucket>();
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    // Calendar arithmetic (not 24 h steps) so daylight-saving changes never skip or repeat a day.
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset);
    const bucket = { key: dayKey(date), date, views: 0, searches: 0 };
    buckets.push(bucket);
    index.set(bucket.key, bucket);
  }
  for (const event of events) {
    const created = new Date(event.createdAt);
    if (Number.isNaN(created.getTime())) continue;
    const bucket = index.get(dayKey(created));
    if (!bucket) continue;
    if (event.action === "view") bucket.views += 1;
    else bucket.searches += 1;
  }
  return buckets;
}

export type ChartSummary = { views: number; searches: number; busiest: DayBucket | null };

/** Totals and the busiest day (most views + searches; the latest on a tie), for the chart's text summary. */
export function summariseBuckets(buckets: readonly DayBucket[]): ChartSummary {
  let views = 0;
  let searches = 0;
  let busiest: DayBucket | null = null;
  for (const bucket of buckets) {
    views += bucket.views;
    searches += bucket.searches;
    const total = bucket.views + bucket.searches;
    if (total > 0 && (!busiest || total >= busiest.views + busiest.searches)) busiest = bucket;
  }
  return { views, searches, busiest };
}

/** The tallest bar's value, at least 1 so empty charts do not divide by zero. */
export function chartScale(buckets: readonly DayBucket[]): number {
  return Math.max(1, ...buckets.map((bucket) => Math.max(bucket.views, bucket.searches)));
}
