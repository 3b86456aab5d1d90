import { describe, expect, it } from "vitest";
import { bucketByDay, CHART_DAYS, chartScale, summariseBuckets } from "./chart-buckets.ts";

// Local times, so the test holds in every time zone.
const now = new Date(2025, 2, 14, 15, 30);
const at = (day: number, hour = 12) => new Date(2025, 2, day, hour).toISOString();

describe("bucketByDay", () => {
  it("covers the last 14 local days, oldest first, today last, all zero without events", () => {
    const buckets = bucketByDay([], now);
    expect(buckets).toHaveLength(CHART_DAYS);
    expect(buckets[0]?.key).toBe("2025-03-01");
    expect(buckets.at(-1)?.key).toBe("2025-03-14");
    expect(buckets.every((bucket) => bucket.views === 0 && bucket.searches === 0)).toBe(true);
  });

  it("counts views and searches (internal ones included) on their local day", () => {
    const buckets = bucketByDay(
      [
        { action: "view", createdAt: at(14, 0) },
        { action: "view", createdAt: at(14, 23) },
        { action: "search", createdAt: at(14, 9) },
        { action: "internal_search", createdAt: at(10) },
        { action: "view", createdAt: at(1, 0) },
      ],
      now,
    );
    expect(buckets.at(-1)).toMatchObject({ key: "2025-03-14", views: 2, searches: 1 });
    expect(buckets.find((bucket) => bucket.key === "2025-03-10")).toMatchObject({ views: 0, searches: 1 });
    expect(buckets[0]).toMatchObject({ key: "2025-03-01", views: 1, searches: 0 });
  });

  it("leaves out events before the window, in the future and with bad dates", () => {
    const buckets = bucketByDay(
      [
        { action: "view", createdAt: new Date(2025, 1, 20, 12).toISOString() },
        { action: "view", createdAt: new Date(2025, 1, 28, 23, 59).toISOString() },
        { action: "view", createdAt: at(15) },
        { action: "search", createdAt: "yesterday" },
      ],
      now,
    );
    expect(summariseBuckets(buckets)).toEqual({ views: 0, searches: 0, busiest: null });
  });

  it("crosses month ends by calendar days", () => {
    const buckets = bucketByDay([], new Date(2025, 2, 3, 8), 5);
    expect(buckets.map((bucket) => bucket.key)).toEqual([
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
      "2025-03-02",
      "2025-03-03",
    ]);
  });
});

describe("summariseBuckets and chartScale", () => {
  it("totals, picks the busiest (latest on a tie) and scales to the tallest bar", () => {
    const buckets = bucketByDay(
      [
        { action: "view", createdAt: at(12) },
        { action: "search", createdAt: at(12) },
        { action: "view", createdAt: at(13) },
        { action: "view", createdAt: at(13) },
        { action: "view", createdAt: at(13) },
        { action: "search", createdAt: at(14) },
        { action: "search", createdAt: at(14) },
        { action: "view", createdAt: at(14) },
      ],
      now,
    );
    const summary = summariseBuckets(buckets);
    expect(summary.views).toBe(5);
    expect(summary.searches).toBe(3);
    expect(summary.busiest?.key).toBe("2025-03-14");
    expect(chartScale(buckets)).toBe(3);
    expect(chartScale(bucketByDay([], now))).toBe(1);
  });
});
