import { describe, expect, it } from "vitest";
import {
  actionLabel,
  formatDateTime,
  formatUtcDay,
  shortId,
  subscriptionLabel,
  summaryLines,
} from "./admin-display.ts";

describe("subscriptionLabel", () => {
  it("shows Paid, Free, the raw value, or Unknown", () => {
    expect(subscriptionLabel("active")).toBe("Paid");
    expect(subscriptionLabel("inactive")).toBe("Free");
    expect(subscriptionLabel("past_due")).toBe("past_due");
    expect(subscriptionLabel(null)).toBe("Unknown");
    expect(subscriptionLabel("")).toBe("Unknown");
  });
});

describe("summaryLines", () => {
  it("reads changes, additions and removals", () => {
    expect(
      summaryLines({ before: { tagg: "old", reason: null }, after: { tagg: "new", reason: "Partner" } }),
    ).toEqual(["tagg: old → new", "reason: (empty) → Partner"]);
    expect(summaryLines({ after: { isHidden: true } })).toEqual(["+ isHidden: true"]);
    expect(summaryLines({ before: { email: "a@b.c" } })).toEqual(["− email: a@b.c"]);
    expect(summaryLines({})).toEqual([]);
    expect(summaryLines({ after: { ids: ["a", "b", "c", "d", "e"], kinds: ["x"], none: [] } })).toEqual([
      "+ ids: a, b, c and 2 more",
      "+ kinds: x",
      "+ none: (none)",
    ]);
  });
});

describe("small formats", () => {
  it("shortens ids, labels actions and survives missing dates", () => {
    expect(shortId("0f1e2d3c-aaaa-4bbb-8ccc-123456789abc")).toBe("0f1e2d3c");
    expect(actionLabel("tagg.update")).toBe("Tagg update");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("nonsense")).toBe("—");
    expect(formatDateTime("2026-11-23T21:55:00Z")).toMatch(/23 Nov 2026/);
  });
});

describe("formatUtcDay", () => {
  it("shows a day without a time, the same day in every time zone", () => {
    expect(formatUtcDay("2026-11-23")).toBe("23 Nov 2026");
    expect(formatUtcDay("2026-11-23T00:00:00.000Z")).toBe("23 Nov 2026");
    expect(formatUtcDay(null)).toBe("—");
    expect(formatUtcDay("nonsense")).toBe("—");
  });
});
