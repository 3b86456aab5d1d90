import { describe, expect, it } from "vitest";
import { publishedCount } from "#contract/api/moderation.ts";
import { formatMedianHours, formatMonth, formatPublishedCount } from "./transparency-display.ts";

describe("formatPublishedCount", () => {
  it('reads the server\'s "<10" as "fewer than 10", so no single case can be picked out', () => {
    expect(formatPublishedCount("<10")).toBe("fewer than 10");
    expect(formatPublishedCount(publishedCount(9))).toBe("fewer than 10");
    expect(formatPublishedCount(publishedCount(0))).toBe("fewer than 10");
  });

  it("shows 10 and above as numbers", () => {
    expect(formatPublishedCount(publishedCount(10))).toBe("10");
    expect(formatPublishedCount(12345)).toBe("12,345");
  });
});

describe("formatMonth", () => {
  it("names the UTC month", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2027-01")).toBe("January 2027");
  });

  it("keeps anything else as it came", () => {
    expect(formatMonth("soon")).toBe("soon");
  });
});

describe("formatMedianHours", () => {
  it("rounds to a tenth of an hour", () => {
    expect(formatMedianHours(5.46)).toBe("5.5 hours");
    expect(formatMedianHours(1)).toBe("1 hour");
    expect(formatMedianHours(0.04)).toBe("0 hours");
    expect(formatMedianHours(48)).toBe("48 hours");
  });

  it("is not published when fewer than 10 reviews were made", () => {
    expect(formatMedianHours(null)).toBeNull();
  });
});
