import { describe, expect, it } from "vitest";
import { MAX_AMOUNT_MINOR, MONEY_MESSAGES, majorUnitAmountSchema } from "./money.ts";

const parse = (value: unknown) => majorUnitAmountSchema.safeParse(value);

describe("majorUnitAmountSchema", () => {
  it("reads a decimal in major units, as a string or a number, into integer minor units", () => {
    const cases: [unknown, number][] = [
      ["12.50", 1250],
      ["12.5", 1250],
      ["12", 1200],
      [" 12.50 ", 1250],
      [12.5, 1250],
      [12, 1200],
      ["0.07", 7],
      [0.07, 7],
      [19.99, 1999],
      ["1.10", 110],
      [1.1, 110],
      ["20000000.00", MAX_AMOUNT_MINOR],
      [20_000_000, MAX_AMOUNT_MINOR],
    ];
    for (const [value, minor] of cases)
      expect(parse(value), String(value)).toEqual({ success: true, data: minor });
  });

  it("refuses a third decimal place, a sign, zero and anything that is not a decimal", () => {
    for (const value of [
      "12.345",
      12.345,
      0.1 + 0.2,
      "-1",
      -1,
      "0",
      0,
      "0.00",
      "abc",
      "",
      "12.",
      ".5",
      "1e3",
      1e21,
      "19,99",
      "1,000.00",
      "+5",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      null,
      undefined,
      { amount: 1 },
    ]) {
      const result = parse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message, String(value)).toBe(MONEY_MESSAGES.amount);
    }
  });

  it("refuses more than 20,000,000.00 with its own message", () => {
    for (const value of ["20000000.01", 20_000_000.01, "99999999999999999999999"]) {
      const result = parse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message, String(value)).toBe(MONEY_MESSAGES.tooLarge);
    }
  });
});
