import { describe, expect, it } from "vitest";
import { getPlanCapabilities, subscriptionStatusOf } from "./plans.ts";

describe("subscriptionStatusOf", () => {
  it.each([
    ["active", "active"],
    ["trialing", "active"],
    ["incomplete", "incomplete"],
    ["incomplete_expired", "inactive"],
    ["past_due", "past_due"],
    ["unpaid", "past_due"],
    ["canceled", "canceled"],
    ["paused", "canceled"],
    ["something_new", "inactive"],
  ])("reads Stripe's %s as %s", (stripeStatus, ours) => {
    expect(subscriptionStatusOf(stripeStatus)).toBe(ours);
  });

  it("gives Premium only to active subscriptions", () => {
    expect(getPlanCapabilities("active").premium).toBe(true);
    expect(getPlanCapabilities("past_due").premium).toBe(false);
  });
});
