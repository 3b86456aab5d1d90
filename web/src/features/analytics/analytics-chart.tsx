import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import { useNow } from "#web/lib/use-now.ts";
import { bucketByDay, CHART_DAYS, chartScale, summariseBuckets } from "./chart-buckets.ts";

const dayName = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short" });
const dayNumber = new Intl.DateTimeFormat(undefined, { day: "numeric" });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : word.endsWith("h") ? "es" : "s"}`;

export type AnalyticsChartProps = { events: readonly AnalyticsEvent[] };

/**
 * Views and searches per day for the last 14 days: plain CSS bars for the eye, a sentence and a table for
 * screen readers (the bars are hidden from them).
 */
export function AnalyticsChart({ events }: AnalyticsChartProps) {
  const now = useNow(60_000);
  const buckets = bucketByDay(events, now);
  const scale = chartScale(buckets);
  const summary = summariseBuckets(buckets);
  const sentence =
    summary.views + summary.searches === 0
      ? `No views or searches in the last ${CHART_DAYS} days.`
      : `${plural(summary.views, "view")} and ${plural(summary.searches, "search")} in the last ${CHART_DAYS} days${
          summary.busiest ? `; busiest day ${dayName.format(summary.busiest.date)}` : ""
        }.`;

  return (
    <figure
      className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:p-4"
      aria-labelledby="analytics-chart-caption"
    >
      <figcaption
        id="analytics-chart-caption"
        className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1"
      >
        <span className="text-sm font-semibold text-slate-900">Views and searches per day</span>
        <span className="flex items-center gap-3 text-xs text-slate-600" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-brand-600" /> Views
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-amber-500" /> Searches
          </span>
        </span>
      </figcaption>
      <div className="flex h-28 items-end gap-0.5 sm:gap-1.5" aria-hidden="true">
        {buckets.map((bucket, index) => {
          const today = index === buckets.length - 1;
          return (
            <div key={bucket.key} className="flex h-full min-w-0 flex-1 flex-col items-center gap-1">
              <div
                className="flex w-full flex-1 items-end justify-center gap-px sm:gap-0.5"
                title={`${dayName.format(bucket.date)}: ${plural(bucket.views, "view")}, ${plural(bucket.searches, "search")}`}
              >
                <span
                  className="w-1/2 max-w-3 rounded-t-sm bg-brand-600"
                  style={{ height: `${(bucket.views / scale) * 100}%`, minHeight: bucket.views ? 3 : 0 }}
                />
                <span
                  className="w-1/2 max-w-3 rounded-t-sm bg-amber-500"
                  style={{
                    height: `${(bucket.searches / scale) * 100}%`,
                    minHeight: bucket.searches ? 3 : 0,
                  }}
                />
              </div>
              <span
                className={
                  today
                    ? "text-[10px] leading-none font-bold text-slate-900"
                    : "text-[10px] leading-none text-slate-500"
                }
              >
                {dayNumber.format(bucket.date)}
              </span>
            </div>
          );
        })}
      </div>
      <p className="text-sm text-slate-600">{sentence}</p>
      <table className="sr-only">
        <caption>Views and searches per day, last {CHART_DAYS} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Searches</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.key}>
              <th scope="row">{dayName.format(bucket.date)}</th>
              <td>{bucket.views}</td>
              <td>{bucket.searches}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
