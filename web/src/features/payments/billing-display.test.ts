import { describe, expect, it } from "vitest";
import {
  cardLabel,
  pastDueText,
  planBadgeLabel,
  subscriptionState,
  subscriptionStateText,
} from "./billing-display.ts";

const active = {
  subscriptionStatus: "active" as const,
  subscriptionCancelAtPeriodEnd: false,
  subscriptionCurrentPeriodEnd: "2026-02-15T12:00:00.000Z",
  subscriptionLapsesAt: null,
};

describe("subscriptionState", () => {
  it("renews, ends after a cancellation, or lapses when a renewal failed", () => {
    expect(subscriptionState(active)).toEqual({ kind: "renews", date: "15 February 2026" });
    expect(subscriptionState({ ...active, subscriptionCancelAtPeriodEnd: true })).toEqual({
      kind: "ends",
      date: "15 February 2026",
    });
    expect(
      subscriptionState({
        ...active,
        subscriptionStatus: "past_due",
        subscriptionLapsesAt: "2026-03-01T12:00:00.000Z",
      }),
    ).toEqual({ kind: "past_due", date: "1 March 2026" });
  });

  it("is none for visitors and members without Premium", () => {
    expect(subscriptionState(null)).toEqual({ kind: "none" });
    for (const subscriptionStatus of ["inactive", "incomplete", "canceled"] as const) {
      expect(subscriptionState({ ...active, subscriptionStatus })).toEqual({ kind: "none" });
    }
  });
});

describe("planBadgeLabel", () => {
  it("says until when Premium ends after a cancellation", () => {
    expect(planBadgeLabel({ ...active, subscriptionCancelAtPeriodEnd: true })).toBe(
      "Premium until 15 February 2026",
    );
    expect(planBadgeLabel(active)).toBe("Premium Member");
    expect(planBadgeLabel({ ...active, subscriptionStatus: "canceled" })).toBe("Free Member");
  });
});

describe("texts", () => {
  it("describe each state in a sentence", () => {
    expect(subscriptionStateText({ kind: "renews", date: "15 February 2026" })).toBe(
      "Renews on 15 February 2026.",
    );
    expect(subscriptionStateText({ kind: "ends", date: null })).toContain("end of this billing period");
    expect(subscriptionStateText({ kind: "past_due", date: "1 March 2026" })).toBe(
      pastDueText("1 March 2026"),
    );
    expect(pastDueText("1 March 2026")).toContain("Update your card by 1 March 2026 to keep Premium.");
  });

  it("names a card by brand and last four digits", () => {
    expect(cardLabel({ brand: "visa", last4: "4242" })).toBe("Visa ending in 4242");
    expect(cardLabel({ brand: "newbrand", last4: "0005" })).toBe("newbrand ending in 0005");
  });
});
