import { describe, expect, it } from "vitest";
import { commissionMinor } from "./billing-events.service.ts";

describe("commissionMinor", () => {
  it("takes a percentage of pence with integer arithmetic, rounding down", () => {
    expect(commissionMinor(1200, "10.00")).toBe(120);
    expect(commissionMinor(1200, "12.5")).toBe(150);
    expect(commissionMinor(999, "33.33")).toBe(332);
    expect(commissionMinor(1200, "0.00")).toBe(0);
    expect(commissionMinor(1200, "100.00")).toBe(1200);
  });
});
