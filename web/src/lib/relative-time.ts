const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The formatters are made when first used, not as the module loads: the first Intl formatter a page makes costs
// tens of milliseconds on a phone, which would otherwise land in the task that starts the app.
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat("en", { numeric: "always" }));

/**
 * Relative time labels: "Just now" under a minute (and for clock skew into the future),
 * then whole minutes, hours and days: "5 minutes ago", "1 hour ago", "3 days ago". Empty for a bad date.
 * Pure: unit-tested.
 */
export function relativeTimeLabel(when: string | Date, now: Date): string {
  const time = typeof when === "string" ? Date.parse(when) : when.getTime();
  if (Number.isNaN(time)) return "";
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE_MS) return "Just now";
  if (elapsed < HOUR_MS) return relativeFormat().format(-Math.floor(elapsed / MINUTE_MS), "minute");
  if (elapsed < DAY_MS) return relativeFormat().format(-Math.floor(elapsed / HOUR_MS), "hour");
  return relativeFormat().format(-Math.floor(elapsed / DAY_MS), "day");
}

let absolute: Intl.DateTimeFormat | undefined;

/** The full date and time, for a tooltip or a <time> title next to a relative label. */
export function absoluteTimeLabel(when: string): string {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return "";
  absolute ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return absolute.format(date);
}
