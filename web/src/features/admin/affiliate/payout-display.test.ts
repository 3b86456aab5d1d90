import { describe, expect, it } from "vitest";
import { detailsText, payoutStatusLabel } from "./payout-columns.tsx";

describe("payout display", () => {
  it("names each masked detail and capitalises the status", () => {
    expect(
      detailsText({ accountDetails: "Ada Lovelace", sortCode: "12-**-**", accountNumber: "****5678" }),
    ).toBe("Holder: Ada Lovelace, Sort code: 12-**-**, Account: ****5678");
    expect(detailsText({ paypalEmail: "a***@example.com" })).toBe("PayPal: a***@example.com");
    expect(payoutStatusLabel("rejected")).toBe("Rejected");
    expect(payoutStatusLabel("")).toBe("-");
  });
});
