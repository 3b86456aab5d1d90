import { describe, expect, it } from "vitest";
import { formatMoney, formatPlanPrice } from "./money.ts";

describe("formatMoney", () => {
  it("formats pence as pounds with two decimals", () => {
    expect(formatMoney(1234, "GBP")).toBe("£12.34");
    expect(formatMoney(120, "GBP")).toBe("£1.20");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
    expect(formatMoney(0, "GBP")).toBe("£0.00");
  });

  it("groups thousands and keeps large sums exact", () => {
    expect(formatMoney(123456789, "GBP")).toBe("£1,234,567.89");
  });

  it("defaults to GBP and accepts a lower-case code", () => {
    expect(formatMoney(1000)).toBe("£10.00");
    expect(formatMoney(1000, "gbp")).toBe("£10.00");
  });

  it("uses other currencies' symbols", () => {
    expect(formatMoney(999, "USD")).toBe("US$9.99");
    expect(formatMoney(999, "EUR")).toBe("€9.99");
  });

  it("falls back to GBP for an unknown code and to zero for a non-number", () => {
    expect(formatMoney(100, "NOT-A-CODE")).toBe("£1.00");
    expect(formatMoney(Number.NaN, "GBP")).toBe("£0.00");
  });

  it("shows negative amounts (reversed earnings)", () => {
    expect(formatMoney(-250, "GBP")).toBe("-£2.50");
  });
});

describe("formatPlanPrice", () => {
  it("drops zero pence, as in GBP 12 per month", () => {
    expect(formatPlanPrice(1200, "GBP")).toBe("GBP 12");
  });

  it("keeps two-digit pence", () => {
    expect(formatPlanPrice(1250, "GBP")).toBe("GBP 12.50");
    expect(formatPlanPrice(1205, "GBP")).toBe("GBP 12.05");
  });
});
