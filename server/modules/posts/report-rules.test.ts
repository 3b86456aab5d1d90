import { describe, expect, it } from "vitest";
import { reportCounts } from "./report-rules.ts";

describe("reportCounts", () => {
  const at = new Date("2026-11-27T12:00:00Z");
  const hoursBefore = (hours: number) => new Date(at.getTime() - hours * 60 * 60_000);

  it("counts a verified member whose account is at least the minimum age", () => {
    expect(reportCounts({ emailVerified: true, createdAt: hoursBefore(24) }, at, 24)).toBe(true);
    expect(reportCounts({ emailVerified: true, createdAt: hoursBefore(24 * 400) }, at, 24)).toBe(true);
  });

  it("does not count an account younger than the minimum, by as little as a millisecond", () => {
    const justYounger = new Date(hoursBefore(24).getTime() + 1);
    expect(reportCounts({ emailVerified: true, createdAt: justYounger }, at, 24)).toBe(false);
    expect(reportCounts({ emailVerified: true, createdAt: hoursBefore(1) }, at, 24)).toBe(false);
  });

  it("does not count an unverified address, however old the account", () => {
    expect(reportCounts({ emailVerified: false, createdAt: hoursBefore(24 * 400) }, at, 24)).toBe(false);
  });

  it("with a minimum of 0 hours, counts every verified member", () => {
    expect(reportCounts({ emailVerified: true, createdAt: at }, at, 0)).toBe(true);
    expect(reportCounts({ emailVerified: false, createdAt: at }, at, 0)).toBe(false);
  });
});
