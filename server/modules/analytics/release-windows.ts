import { randomInt } from "node:crypto";

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
/** 1970-01-01 was a Thursday: weeks start on the Monday four days later, as ISO weeks do. */
const FIRST_MONDAY_MS = 4 * DAY_MINUTES * MINUTE_MS;

/** A span of time anonymous activity is shown in: it starts at `start` and lasts `minutes`. */
export type ReleaseWindow = { start: Date; minutes: number };

/** When a window of `minutes` holding `time` starts: a week on its Monday (UTC), anything shorter on its multiple. */
export function windowStartOf(time: Date, minutes: number): Date {
  const length = minutes * MINUTE_MS;
  const origin = minutes === WEEK_MINUTES ? FIRST_MONDAY_MS : 0;
  return new Date(Math.floor((time.getTime() - origin) / length) * length + origin);
}

export const windowEnd = (window: ReleaseWindow) =>
  new Date(window.start.getTime() + window.minutes * MINUTE_MS);

/** What becomes of a window's held activity once its release time has come. */
export type Settlement =
  | { kind: "release" }
  | { kind: "widen"; to: ReleaseWindow; releaseAt: Date }
  | { kind: "quiet"; fewerThan: number };

export type ReleaseRules = {
  /** The release bucket, in minutes: the narrowest window. */
  bucketMinutes: number;
  /** The most a release waits after its window ends, in minutes (a random share of it). */
  jitterMinutes: number;
  /** The fewest distinct anonymous visitors a window must hold to be shown as it is. */
  minVisitors: number;
};

/**
 * The windows an owner's anonymous activity is shown in, narrowest first: the release bucket, then the day, then
 * the week (each at least as long as the one before).
 */
export function windowLadder(bucketMinutes: number): number[] {
  return [
    ...new Set([bucketMinutes, Math.max(bucketMinutes, DAY_MINUTES), Math.max(bucketMinutes, WEEK_MINUTES)]),
  ];
}

/** When a window's activity is due: its end plus a random delay of up to `jitterMinutes`. */
export const releaseTimeOf = (window: ReleaseWindow, jitterMinutes: number) =>
  new Date(windowEnd(window).getTime() + randomInt(jitterMinutes * MINUTE_MS + 1));

/**
 * The small-numbers rule. A window whose activity came from at least `minVisitors` distinct anonymous visitors
 * is shown as it is. One that holds fewer waits for the next wider window that contains it (the hour's for the
 * day's, the day's for the week's), where it is counted again with everything else held there. The widest that
 * still holds too few is shown as a line alone, with no post, term, pseudonym or count.
 */
export function settle(window: ReleaseWindow, distinctVisitors: number, rules: ReleaseRules): Settlement {
  if (distinctVisitors >= rules.minVisitors) return { kind: "release" };
  const wider = windowLadder(rules.bucketMinutes).find((minutes) => minutes > window.minutes);
  if (wider === undefined) return { kind: "quiet", fewerThan: rules.minVisitors };
  const to = { start: windowStartOf(window.start, wider), minutes: wider };
  return { kind: "widen", to, releaseAt: releaseTimeOf(to, rules.jitterMinutes) };
}
