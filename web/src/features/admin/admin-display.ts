import type { AuditSummary } from "#contract/api/admin.ts";

/** Subscription column: active is Paid, inactive is Free, anything else its raw value; none is Unknown. */
export function subscriptionLabel(status: string | null | undefined): string {
  if (status === "active") return "Paid";
  if (status === "inactive") return "Free";
  return status || "Unknown";
}

/** The first block of a uuid: enough to tell rows apart on screen; the full id is in the cell's title. */
export const shortId = (id: string) => id.split("-")[0] ?? id;

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });
const utcDateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** "23 Nov 2026, 21:55"; "—" for a missing or unreadable time. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateTime.format(date) : "—";
}

/** "23 Nov 2026"; "—" for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : "—";
}

/**
 * A day the server answers without a time ("2026-11-23", or the UTC midnight that starts it) as "23 Nov 2026",
 * read in UTC so every administrator sees the same day wherever they are; "—" for a missing or unreadable one.
 */
export function formatUtcDay(day: string | null | undefined): string {
  const date = day ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day) : null;
  return date && !Number.isNaN(date.getTime()) ? utcDateOnly.format(date) : "—";
}

/** How many items of a list an audit line names before it says how many more there are. */
const LIST_SHOWN = 3;

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    // A cleanup's deleted ids run to a hundred: the first few say what it was, the count says how much.
    const named = value.slice(0, LIST_SHOWN).map(show).join(", ");
    return value.length > LIST_SHOWN ? `${named} and ${value.length - LIST_SHOWN} more` : named || "(none)";
  }
  return JSON.stringify(value);
};

/** An audit row's before/after as short lines: "tagg: old → new", "+ email: x", "− tagg: y". */
export function summaryLines(summary: AuditSummary): string[] {
  const before = summary.before ?? {};
  const after = summary.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    if (key in before && key in after) return `${key}: ${show(before[key])} → ${show(after[key])}`;
    if (key in after) return `+ ${key}: ${show(after[key])}`;
    return `− ${key}: ${show(before[key])}`;
  });
}

/** "tagg.update" → "Tagg update". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
