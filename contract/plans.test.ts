import { describe, expect, it } from "vitest";
import { PAST_DUE_GRACE_DAYS } from "./limits.ts";
import {
  getPlanCapabilities,
  type SubscriptionRecord,
  subscriptionStatusAt,
  subscriptionStatusOf,
} from "./plans.ts";

describe("subscriptionStatusOf", () => {
  it.each([
    ["active", "active"],
    ["trialing", "active"],
    ["incomplete", "incomplete"],
    ["incomplete_expired", "inactive"],
    ["past_due", "past_due"],
    ["unpaid", "canceled"],
    ["canceled", "canceled"],
    ["paused", "canceled"],
    ["something_new", "inactive"],
  ])("reads Stripe's %s as %s", (stripeStatus, ours) => {
    expect(subscriptionStatusOf(stripeStatus)).toBe(ours);
  });

  it("gives Premium to active subscriptions and to past-due ones while their renewal is retried", () => {
    expect(getPlanCapabilities("active").premium).toBe(true);
    expect(getPlanCapabilities("past_due").premium).toBe(true);
    for (const status of ["inactive", "incomplete", "canceled"]) {
      expect(getPlanCapabilities(status).premium).toBe(false);
    }
  });
});

describe("getPlanCapabilities and the AI switches", () => {
  it("allows AI post creation only while AI is on, to free members only when allowed", () => {
    const on = { isEnabled: true, allowFreeUsers: false };
    const onForAll = { isEnabled: true, allowFreeUsers: true };
    const off = { isEnabled: false, allowFreeUsers: true };
    expect(getPlanCapabilities("active", on).aiPostCreation).toBe(true);
    expect(getPlanCapabilities("inactive", on).aiPostCreation).toBe(false);
    expect(getPlanCapabilities("inactive", onForAll).aiPostCreation).toBe(true);
    expect(getPlanCapabilities("active", off).aiPostCreation).toBe(false);
    expect(getPlanCapabilities("inactive", off).aiPostCreation).toBe(false);
  });

  it("gives no AI to a caller that has not read the settings", () => {
    expect(getPlanCapabilities("active").aiPostCreation).toBe(false);
  });
});

describe("subscriptionStatusAt: Premium ends by its own dates", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const periodEnd = new Date("2026-02-15T12:00:00Z");
  const at = (days: number) => new Date(periodEnd.getTime() + days * DAY);
  const record = (changes: Partial<SubscriptionRecord>): SubscriptionRecord => ({
    subscriptionStatus: "active",
    subscriptionCancelAtPeriodEnd: false,
    subscriptionCurrentPeriodEnd: periodEnd,
    subscriptionLapsesAt: null,
    ...changes,
  });

  it("ends a cancelled subscription at the end of its paid period", () => {
    const cancelled = record({ subscriptionCancelAtPeriodEnd: true });
    expect(subscriptionStatusAt(cancelled, at(-0.001))).toBe("active");
    expect(subscriptionStatusAt(cancelled, at(0))).toBe("canceled");
  });

  it("keeps a renewing one through a failed renewal's grace after the period, then ends it", () => {
    const renewing = record({});
    expect(subscriptionStatusAt(renewing, at(PAST_DUE_GRACE_DAYS - 0.001))).toBe("active");
    expect(subscriptionStatusAt(renewing, at(PAST_DUE_GRACE_DAYS))).toBe("canceled");
  });

  it("ends a past-due one at its lapse date, or its period's grace when no lapse date is known", () => {
    const pastDue = record({ subscriptionStatus: "past_due", subscriptionLapsesAt: at(3) });
    expect(subscriptionStatusAt(pastDue, at(2))).toBe("past_due");
    expect(subscriptionStatusAt(pastDue, at(3))).toBe("canceled");
    const noLapseDate = record({ subscriptionStatus: "past_due" });
    expect(subscriptionStatusAt(noLapseDate, at(PAST_DUE_GRACE_DAYS))).toBe("canceled");
  });

  it("leaves subscriptions that are not running, or have no known period, as they are", () => {
    for (const subscriptionStatus of ["inactive", "incomplete", "canceled"] as const) {
      expect(subscriptionStatusAt(record({ subscriptionStatus }), at(100))).toBe(subscriptionStatus);
    }
    expect(subscriptionStatusAt(record({ subscriptionCurrentPeriodEnd: null }), at(100))).toBe("active");
  });
});
