import { describe, expect, it } from "vitest";
import { addDays, nextUtcMidnight, startOfUtcDay, utcDay } from "./days.ts";

describe("UTC days", () => {
  it("names the UTC day of a moment, whatever the time of day", () => {
    expect(utcDay(new Date("2026-11-26T00:00:00Z"))).toBe("2026-11-26");
    expect(utcDay(new Date("2026-11-26T23:59:59.999Z"))).toBe("2026-11-26");
    expect(utcDay(new Date("2026-11-26T23:30:00-05:00"))).toBe("2026-11-27");
  });

  it("starts a day at UTC midnight, from its name or from a moment in it", () => {
    expect(startOfUtcDay("2026-11-26").toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(startOfUtcDay(new Date("2026-11-26T17:42:13Z")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  it("rounds a moment up to the midnight that ends its day (a midnight itself moves to the next)", () => {
    expect(nextUtcMidnight(new Date("2026-11-26T17:42:13Z")).toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-11-26T00:00:00Z")).toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("adds whole days", () => {
    expect(addDays(new Date("2026-11-26T12:00:00Z"), 31).toISOString()).toBe("2026-12-27T12:00:00.000Z");
  });
});
