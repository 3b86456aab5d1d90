import { describe, expect, it } from "vitest";
import { formatCostAmount, formatTotals, minorToMajorText } from "./cost-money.ts";

describe("formatCostAmount and formatTotals", () => {
  it("shows two decimals and the currency, one total per currency", () => {
    expect(formatCostAmount(1250, "USD")).toBe("12.50 USD");
    expect(formatCostAmount(123456, "GBP")).toBe("1,234.56 GBP");
    expect(formatCostAmount(5, "EUR")).toBe("0.05 EUR");
    expect(formatTotals([])).toBe("0.00");
    expect(
      formatTotals([
        { total: 300, currency: "GBP" },
        { total: 1250, currency: "USD" },
      ]),
    ).toBe("3.00 GBP · 12.50 USD");
  });

  it("gives an amount back in major units as the form takes it, without float rounding", () => {
    expect(minorToMajorText(1250)).toBe("12.50");
    expect(minorToMajorText(7)).toBe("0.07");
    expect(minorToMajorText(2_000_000_000)).toBe("20000000.00");
    expect(minorToMajorText(1005)).toBe("10.05");
  });
});
