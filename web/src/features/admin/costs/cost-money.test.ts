import { describe, expect, it } from "vitest";
import { formatCostAmount, formatTotals, parseAmountInput } from "./cost-money.ts";

describe("parseAmountInput", () => {
  it("maps the form's text to minor units without floats", () => {
    expect(parseAmountInput("12.50")).toBe(1250);
    expect(parseAmountInput("12.5")).toBe(1250);
    expect(parseAmountInput(" 12 ")).toBe(1200);
    expect(parseAmountInput("0.07")).toBe(7);
    expect(parseAmountInput("19,99")).toBe(1999);
    expect(parseAmountInput("0.1")).toBe(10);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "0", "0.00", "-1", "1.234", "abc", "1e3", "12.", ".5"]) {
      expect(parseAmountInput(text)).toBeNull();
    }
  });
});

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
});
