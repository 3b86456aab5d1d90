import type { AnalyticsEvent } from "#contract/api/analytics.ts";

/** The post filter's "no filter" label, its default; the filter itself is then null. */
export const ALL_POSTS_LABEL = "All Posts";

/** What the visitor did, as the analytics list and the notifications say it; any other action is a click. */
export function actionText(action: AnalyticsEvent["action"]): string {
  return action === "view" ? "viewed your post" : "searched for your posts";
}

/** The post names the filter offers: every name in the list once, alphabetically. */
export function postFilterOptions(events: readonly AnalyticsEvent[]): string[] {
  const names = new Set<string>();
  for (const event of events) if (event.postName) names.add(event.postName);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The events about one post, or all of them for "All Posts" (null). */
export function filterEventsByPost(
  events: readonly AnalyticsEvent[],
  postName: string | null,
): AnalyticsEvent[] {
  if (postName === null) return [...events];
  return events.filter((event) => event.postName === postName);
}

/** "View All Viewers" is offered on views of one of my posts (every event in my list targets me). */
export function canViewAllViewers(event: AnalyticsEvent): boolean {
  return event.action === "view" && event.postId !== null;
}

/**
 * How an anonymous visitor's time is shown. The server never keeps the exact moment of anonymous activity:
 * `createdAt` is the start of a window `timeWindowMinutes` long, and the event is listed only some time after
 * the window has ended. So such a time is shown as its window ("Today, 14:00–15:00"), never as a moment or a
 * "3 minutes ago". Named events keep their exact time. The formatters take the locale and time zone so the
 * tests can fix them; the app passes neither (the browser's own).
 */
export type TimeLabelOptions = { locale?: string; timeZone?: string };

export const TIME_WINDOW_HINT =
  "Anonymous activity is shown by the time window it happened in, some time after that window has ended — never its exact time.";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: "day" | "date" | "time",
  { locale, timeZone }: TimeLabelOptions,
): Intl.DateTimeFormat {
  const key = `${kind}|${locale ?? ""}|${timeZone ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      kind === "day"
        ? // A sortable calendar day (YYYY-MM-DD) in the time zone, to tell today and yesterday apart.
          new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone })
        : kind === "date"
          ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone })
          : new Intl.DateTimeFormat(locale, {
              hour: "2-digit",
              minute: "2-digit",
              hourCycle: "h23",
              timeZone,
            });
    formatters.set(key, found);
  }
  return found;
}

/** The calendar day before a YYYY-MM-DD day (by the calendar, so a 23- or 25-hour day changes nothing). */
function dayBefore(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (date ?? 1) - 1)).toISOString().slice(0, 10);
}

/** "Today", "Yesterday", or the date as the list's tooltips show it ("Mar 8, 2025"). */
function dayLabel(when: Date, now: Date, options: TimeLabelOptions): string {
  const days = formatter("day", options);
  const day = days.format(when);
  const today = days.format(now);
  if (day === today) return "Today";
  if (day === dayBefore(today)) return "Yesterday";
  return formatter("date", options).format(when);
}

/**
 * An anonymous event's window: "Today, 14:00–15:00", "Yesterday, 23:00–00:00", "Mar 8, 2025, 14:00–15:00";
 * a window that runs into another day names both ends ("Mar 8, 2025, 22:00 – Mar 9, 2025, 04:00"). Empty for
 * a bad date. Pure: unit-tested.
 */
export function timeWindowLabel(
  start: string,
  minutes: number,
  now: Date,
  options: TimeLabelOptions = {},
): string {
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return "";
  const to = new Date(from.getTime() + Math.max(0, minutes) * MINUTE_MS);
  const times = formatter("time", options);
  const days = formatter("day", options);
  // A window ending at midnight still belongs to its first day: compare the day of its last minute.
  const lastMinute = new Date(Math.max(from.getTime(), to.getTime() - MINUTE_MS));
  if (days.format(from) === days.format(lastMinute) && minutes < DAY_MS / MINUTE_MS) {
    return `${dayLabel(from, now, options)}, ${times.format(from)}–${times.format(to)}`;
  }
  return `${dayLabel(from, now, options)}, ${times.format(from)} – ${dayLabel(to, now, options)}, ${times.format(to)}`;
}

/**
 * The start of a window whose length is not known (an anonymous viewer's last view in the who-viewed
 * dialog): "Today, from 14:00". Empty for a bad date. Pure: unit-tested.
 */
export function windowStartLabel(start: string, now: Date, options: TimeLabelOptions = {}): string {
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return "";
  return `${dayLabel(from, now, options)}, from ${formatter("time", options).format(from)}`;
}
