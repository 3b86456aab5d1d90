import { z } from "zod";

/** The largest amount a request may carry, in minor units (cents, pence): 20,000,000.00. */
export const MAX_AMOUNT_MINOR = 2_000_000_000;

export const MONEY_MESSAGES = {
  amount: "Enter an amount greater than 0 with at most two decimals, such as 12.50",
  tooLarge: "Enter an amount of at most 20,000,000.00",
} as const;

/** Whole units, then at most two decimal places; no sign, no exponent, no thousands separators. */
const DECIMAL_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount of money as a person writes it, in major units (pounds, dollars): `12.50`, `12.5` or `12`, sent as
 * a JSON number or as a decimal string. Parsed as text, never by multiplying a float, and answered as integer
 * minor units (1250). A third decimal place, a sign, zero, anything that is not a number, and more than
 * 20,000,000.00 are refused.
 */
export const majorUnitAmountSchema = z
  .union([z.number(), z.string()], { error: MONEY_MESSAGES.amount })
  .transform((value, ctx) => {
    // A JSON number reaches here as the shortest text that reads back as it (12.5 → "12.5"); a float that
    // is not a whole number of cents (0.1 + 0.2) prints more than two decimals and is refused like one.
    const match = DECIMAL_AMOUNT.exec(typeof value === "number" ? String(value) : value.trim());
    if (!match) {
      ctx.addIssue({ code: "custom", message: MONEY_MESSAGES.amount });
      return z.NEVER;
    }
    const [, whole = "", cents = ""] = match;
    const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
    if (minor <= 0) {
      ctx.addIssue({ code: "custom", message: MONEY_MESSAGES.amount });
      return z.NEVER;
    }
    // Past the limit nothing is stored, so the precision of a huge `Number(whole)` does not matter here.
    if (minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: "custom", message: MONEY_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return minor;
  });
