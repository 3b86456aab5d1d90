import { describe, expect, it } from "vitest";
import {
  balanceState,
  balanceTexts,
  canRequestPayout,
  canSubmitPayout,
  commissionText,
  conversionRate,
  countReferrals,
  EMPTY_PAYOUT_FORM,
  formatDate,
  formatPercentage,
  isHighlightedStatus,
  payoutBody,
  recentPayouts,
  statusLabel,
} from "./affiliate-display.ts";

describe("formatPercentage and commissionText", () => {
  it("drops a trailing .00 and trailing zeros", () => {
    expect(formatPercentage("10.00")).toBe("10");
    expect(formatPercentage("12.50")).toBe("12.5");
    expect(formatPercentage("7.25")).toBe("7.25");
    expect(formatPercentage("100")).toBe("100");
    expect(formatPercentage("0.00")).toBe("0");
    expect(formatPercentage("05.10")).toBe("5.1");
  });

  it("shows unparsable values as given", () => {
    expect(formatPercentage(" abc ")).toBe("abc");
  });

  it("writes the commission sentence with the percentage trimmed", () => {
    expect(commissionText("10.00")).toBe(
      "Earn 10% commission for every user you refer who subscribes to Premium!",
    );
    expect(commissionText("12.50")).toBe(
      "Earn 12.5% commission for every user you refer who subscribes to Premium!",
    );
  });
});

describe("referral counts and conversion rate", () => {
  it("is 0 with no referrals", () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(countReferrals([])).toEqual({ total: 0, confirmed: 0, pending: 0 });
  });

  it("rounds confirmed / total to a whole percent", () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(1, 2)).toBe(50);
    expect(conversionRate(3, 3)).toBe(100);
  });

  it("counts confirmed referrals; any other status is pending", () => {
    const counts = countReferrals([{ status: "confirmed" }, { status: "pending" }, { status: "other" }]);
    expect(counts).toEqual({ total: 3, confirmed: 1, pending: 2 });
    expect(conversionRate(counts.confirmed, counts.total)).toBe(33);
  });
});

describe("the balance cards follow the payouts", () => {
  const payout = (amount: number, status: string) => ({
    id: status,
    amount,
    currency: "GBP",
    status,
    payoutMethod: "paypal",
    payoutDetails: {},
    requestedAt: "2026-11-01T00:00:00.000Z",
    processedAt: null,
    adminNotes: null,
  });
  const totals = (total: number, available: number) => ({ total, available, currency: "GBP" });

  it("says what is available, what is being paid, what was paid, or that nothing is earned yet", () => {
    const states = [
      balanceState({ totalEarnings: totals(0, 0), payouts: [] }),
      balanceState({ totalEarnings: totals(120, 120), payouts: [] }),
      balanceState({ totalEarnings: totals(120, 0), payouts: [payout(120, "requested")] }),
      balanceState({ totalEarnings: totals(120, 0), payouts: [payout(120, "completed")] }),
      balanceState({
        totalEarnings: totals(150, 0),
        payouts: [payout(30, "rejected"), payout(120, "completed")],
      }),
    ];
    expect(states).toEqual([
      { kind: "nothing-earned" },
      { kind: "available" },
      { kind: "payout-requested", requestedMinor: 120 },
      { kind: "all-paid", paidMinor: 120 },
      { kind: "all-paid", paidMinor: 120 },
    ]);
    expect(balanceTexts({ kind: "all-paid", paidMinor: 120 }, "GBP")).toEqual({
      earningsNote: "£1.20 paid out",
      available: "Everything you have earned has been paid out. New commissions will show here.",
    });
    expect(balanceTexts({ kind: "payout-requested", requestedMinor: 120 }, "GBP").available).toBe(
      "Your payout of £1.20 is being processed.",
    );
    expect(balanceTexts({ kind: "nothing-earned" }, "GBP")).toEqual({
      earningsNote: "Pending payout",
      available: "No earnings available yet. Start referring users to earn commissions!",
    });
  });
});

describe("payout rules", () => {
  it("offers Request Payout only with a positive balance", () => {
    expect(canRequestPayout(0)).toBe(false);
    expect(canRequestPayout(-5)).toBe(false);
    expect(canRequestPayout(1)).toBe(true);
  });

  it("needs every bank field, or the PayPal e-mail, and no pending request", () => {
    const bank = {
      ...EMPTY_PAYOUT_FORM,
      accountDetails: "A Person",
      sortCode: "12-34-56",
      accountNumber: "",
    };
    expect(canSubmitPayout(bank, false)).toBe(false);
    expect(canSubmitPayout({ ...bank, accountNumber: "12345678" }, false)).toBe(true);
    expect(canSubmitPayout({ ...bank, accountNumber: "12345678" }, true)).toBe(false);
    const paypal = { ...EMPTY_PAYOUT_FORM, payoutMethod: "paypal" as const, paypalEmail: "  " };
    expect(canSubmitPayout(paypal, false)).toBe(false);
    expect(canSubmitPayout({ ...paypal, paypalEmail: "me@example.com" }, false)).toBe(true);
  });

  it("sends only the chosen method's fields", () => {
    const values = {
      payoutMethod: "paypal" as const,
      accountDetails: "left over",
      sortCode: "12-34-56",
      accountNumber: "12345678",
      paypalEmail: " me@example.com ",
    };
    expect(payoutBody(values)).toEqual({
      payoutMethod: "paypal",
      payoutDetails: { paypalEmail: "me@example.com" },
    });
    expect(payoutBody({ ...values, payoutMethod: "bank_transfer" })).toEqual({
      payoutMethod: "bank_transfer",
      payoutDetails: { accountDetails: "left over", sortCode: "12-34-56", accountNumber: "12345678" },
    });
  });
});

describe("display helpers", () => {
  it("labels statuses", () => {
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("bank_transfer")).toBe("Bank transfer");
    expect(statusLabel("")).toBe("-");
  });

  it("highlights paid earnings, completed payouts and confirmed referrals", () => {
    expect(isHighlightedStatus("earning", "paid")).toBe(true);
    expect(isHighlightedStatus("earning", "pending")).toBe(false);
    expect(isHighlightedStatus("payout", "completed")).toBe(true);
    expect(isHighlightedStatus("payout", "requested")).toBe(false);
    expect(isHighlightedStatus("referral", "confirmed")).toBe(true);
  });

  it("formats dates and shows - for none", () => {
    expect(formatDate("2025-03-07T12:00:00.000Z")).toBe("7 Mar 2025");
    expect(formatDate(null)).toBe("-");
    expect(formatDate("nonsense")).toBe("-");
  });

  it("keeps the 3 newest payouts", () => {
    const payouts = ["2025-01-01", "2025-04-01", "2025-02-01", "2025-03-01"].map((requestedAt) => ({
      requestedAt,
    }));
    expect(recentPayouts(payouts).map((payout) => payout.requestedAt)).toEqual([
      "2025-04-01",
      "2025-03-01",
      "2025-02-01",
    ]);
  });
});
