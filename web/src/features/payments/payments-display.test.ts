import { describe, expect, it } from "vitest";
import { premiumEndsText } from "./payments-display.ts";

describe("premiumEndsText", () => {
  it("names the end date when known", () => {
    expect(premiumEndsText("2025-05-01T12:00:00.000Z")).toBe(
      "Your Premium stays active until 1 May 2025 and will not renew.",
    );
  });

  it("falls back to the billing period", () => {
    expect(premiumEndsText(null)).toContain("end of the current billing period");
  });
});
