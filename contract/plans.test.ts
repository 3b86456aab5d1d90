import { describe, expect, it } from "vitest";
import { getPlanCapabilities, subscriptionStatusOf } from "./plans.ts";

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
