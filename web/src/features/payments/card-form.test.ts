import { describe, expect, it } from "vitest";
import { checkCardForm, digitsOnly, EMPTY_CARD_FORM, formatCardNumber, fullExpiryYear } from "./card-form.ts";

describe("card form helpers", () => {
  it("groups card digits by four and drops anything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000 0000x0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumber("424")).toBe("424");
    expect(formatCardNumber("42424")).toBe("4242 4");
  });

  it("keeps short fields to their digits", () => {
    expect(digitsOnly("1a2b3", 2)).toBe("12");
  });

  it("turns YY into a full year", () => {
    expect(fullExpiryYear("34")).toBe(2034);
    expect(fullExpiryYear("2034")).toBe(2034);
    expect(fullExpiryYear("3")).toBeNaN();
  });
});

describe("checkCardForm", () => {
  it("builds the confirm body from a valid card", () => {
    const result = checkCardForm(
      { cardNumber: "4242 4242 4242 4242", expMonth: "04", expYear: "34", cvc: "123" },
      "secret_1",
    );
    expect(result).toEqual({
      ok: true,
      body: {
        clientSecret: "secret_1",
        cardNumber: "4242424242424242",
        expMonth: 4,
        expYear: 2034,
        cvc: "123",
      },
    });
  });

  it("reports each missing or malformed field", () => {
    const result = checkCardForm(EMPTY_CARD_FORM, "secret_1");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["cardNumber", "cvc", "expMonth", "expYear"]);
  });

  it("refuses month 13 and a one-digit year", () => {
    const result = checkCardForm(
      { cardNumber: "4242424242424242", expMonth: "13", expYear: "3", cvc: "123" },
      "secret_1",
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.expMonth).toBeTruthy();
    expect(result.errors.expYear).toBe("Enter the year as YY");
  });
});
