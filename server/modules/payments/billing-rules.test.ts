import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import { canChangeCard, lapseDateOf, nextPeriodEnd, resumeRefusal } from "./billing-rules.ts";

const now = new Date("2026-03-10T12:00:00Z");
const later = new Date("2026-03-31T12:00:00Z");
const earlier = new Date("2026-03-01T12:00:00Z");

describe("resumeRefusal", () => {
  it("allows resuming a cancelled subscription before its period ends", () => {
    const state = {
      subscriptionStatus: "active" as const,
      subscriptionCancelAtPeriodEnd: true,
      subscriptionCurrentPeriodEnd: later,
    };
    expect(resumeRefusal(state, now)).toBeNull();
    expect(resumeRefusal({ ...state, subscriptionStatus: "past_due" }, now)).toBeNull();
  });

  it("refuses a subscription that renews anyway, or none at all", () => {
    for (const subscriptionStatus of ["active", "inactive", "incomplete"] as const) {
      expect(
        resumeRefusal(
          { subscriptionStatus, subscriptionCancelAtPeriodEnd: false, subscriptionCurrentPeriodEnd: later },
          now,
        ),
      ).toBe(PAYMENT_MESSAGES.notCancelled);
    }
  });

  it("refuses once the period is over or the subscription has ended", () => {
    expect(
      resumeRefusal(
        {
          subscriptionStatus: "active",
          subscriptionCancelAtPeriodEnd: true,
          subscriptionCurrentPeriodEnd: earlier,
        },
        now,
      ),
    ).toBe(PAYMENT_MESSAGES.alreadyEnded);
    expect(
      resumeRefusal(
        {
          subscriptionStatus: "active",
          subscriptionCancelAtPeriodEnd: true,
          subscriptionCurrentPeriodEnd: now,
        },
        now,
      ),
    ).toBe(PAYMENT_MESSAGES.alreadyEnded);
    expect(
      resumeRefusal(
        {
          subscriptionStatus: "canceled",
          subscriptionCancelAtPeriodEnd: true,
          subscriptionCurrentPeriodEnd: later,
        },
        now,
      ),
    ).toBe(PAYMENT_MESSAGES.alreadyEnded);
  });
});

describe("dates of a subscription", () => {
  it("lapses 14 days after the failed renewal", () => {
    expect(lapseDateOf(now).toISOString()).toBe("2026-03-24T12:00:00.000Z");
  });

  it("renews a calendar month later", () => {
    expect(nextPeriodEnd(new Date("2026-01-15T08:30:00Z")).toISOString()).toBe("2026-02-15T08:30:00.000Z");
    expect(nextPeriodEnd(new Date("2026-12-15T08:30:00Z")).toISOString()).toBe("2027-01-15T08:30:00.000Z");
  });
});

describe("canChangeCard", () => {
  it("is for subscriptions that are paid or being retried", () => {
    expect(canChangeCard("active")).toBe(true);
    expect(canChangeCard("past_due")).toBe(true);
    for (const status of ["inactive", "incomplete", "canceled"] as const)
      expect(canChangeCard(status)).toBe(false);
  });
});
