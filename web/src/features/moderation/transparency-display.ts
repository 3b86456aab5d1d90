import { MODERATION_LIMITS, type PublishedCount, type TransparencyMonth } from "#contract/api/moderation.ts";

/**
 * How /transparency reads its figures. The server renders the page's first HTML (decision 056), so everything
 * here is the same on both sides: one locale, months in UTC, no clock. Pure: unit-tested beside it.
 */

const numberFormat = new Intl.NumberFormat("en-GB");
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const hoursFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/** The words a small figure is published as. */
export const FEWER_THAN_TEN = `fewer than ${MODERATION_LIMITS.transparencyMinimum}`;

/** A published count: `1,234`, or "fewer than 10" for the server's `"<10"`. */
export function formatPublishedCount(count: PublishedCount): string {
  return count === "<10" ? FEWER_THAN_TEN : numberFormat.format(count);
}

/** `2026-11` → "November 2026"; anything else as it came. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

/** The median time to decide: "5.5 hours", "1 hour"; null when it was not published. */
export function formatMedianHours(hours: number | null): string | null {
  if (hours === null) return null;
  const rounded = Math.round(hours * 10) / 10;
  return `${hoursFormat.format(rounded)} ${rounded === 1 ? "hour" : "hours"}`;
}

export type TransparencyFigure = {
  key: Exclude<keyof TransparencyMonth, "month" | "medianHoursToDecide">;
  label: string;
  /** What the figure counts, shown in the page's explanations. */
  explanation: string;
};

/** The counted figures of a month, in the order the table lists them. */
export const TRANSPARENCY_FIGURES: readonly TransparencyFigure[] = [
  {
    key: "reportsReceived",
    label: "Reports received",
    explanation: "Every report members made about a post that month. A member can report a post once.",
  },
  {
    key: "reportsCounted",
    label: "Reports counted",
    explanation:
      "The reports that counted toward hiding a post automatically: those from accounts old enough, with a verified e-mail address.",
  },
  {
    key: "hiddenAutomatically",
    label: "Posts hidden automatically",
    explanation:
      "Posts hidden pending review because the reports counted about them reached the threshold an administrator set.",
  },
  {
    key: "hiddenByAdmin",
    label: "Posts hidden by an administrator",
    explanation: "Posts an administrator hid pending review, each with a reason given to its owner.",
  },
  {
    key: "removed",
    label: "Posts removed",
    explanation:
      "Posts removed, by an administrator or automatically, each with a reason given to its owner.",
  },
  {
    key: "appeals",
    label: "Appeals made",
    explanation: "Appeals members made against a decision about their post, tagg or profile.",
  },
  {
    key: "reversed",
    label: "Decisions reversed on appeal",
    explanation: "Appeals an administrator accepted, restoring what the decision had taken.",
  },
];

export const MEDIAN_LABEL = "Median time to decide";
export const MEDIAN_EXPLANATION =
  "Half of the reported posts reviewed by an administrator that month were decided sooner than this, counted from the post's first report.";
export const MEDIAN_NOT_PUBLISHED = "Not published";
export const MEDIAN_NOT_PUBLISHED_EXPLANATION = `Not published for a month with fewer than ${MODERATION_LIMITS.transparencyMinimum} reviews.`;
/** Beside "Not published" in a month's table: why. */
export const MEDIAN_NOT_PUBLISHED_REASON = `fewer than ${MODERATION_LIMITS.transparencyMinimum} reviews`;
