import { describe, expect, it } from "vitest";
import { REFERRAL_ATTRIBUTION_DAYS } from "#contract/limits.ts";
import { commissionMinor, withinAttributionWindow } from "./commission.ts";

describe("commissionMinor", () => {
  it("takes a percentage of pence with integer arithmetic, rounding down", () => {
    expect(commissionMinor(1200, "10.00")).toBe(120);
    expect(commissionMinor(1200, "12.5")).toBe(150);
    expect(commissionMinor(999, "33.33")).toBe(332);
    expect(commissionMinor(1200, "0.00")).toBe(0);
    expect(commissionMinor(1200, "100.00")).toBe(1200);
  });
});

describe("withinAttributionWindow", () => {
  const followedAt = new Date("2026-01-01T00:00:00Z");
  const daysLater = (days: number) => new Date(followedAt.getTime() + days * 24 * 60 * 60 * 1000);

  it("credits a first payment up to and including the last moment of the window", () => {
    expect(withinAttributionWindow(followedAt, followedAt)).toBe(true);
    expect(withinAttributionWindow(followedAt, daysLater(REFERRAL_ATTRIBUTION_DAYS))).toBe(true);
  });

  it("credits nothing once the window has passed", () => {
    expect(
      withinAttributionWindow(followedAt, new Date(daysLater(REFERRAL_ATTRIBUTION_DAYS).getTime() + 1)),
    ).toBe(false);
  });
});
