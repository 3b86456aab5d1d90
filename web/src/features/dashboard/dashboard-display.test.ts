import { describe, expect, it } from "vitest";
import { needsTagg } from "./dashboard-display.ts";

describe("needsTagg", () => {
  it("is true only without a usable tagg", () => {
    expect(needsTagg(null)).toBe(true);
    expect(needsTagg("  ")).toBe(true);
    expect(needsTagg("ada")).toBe(false);
  });
});
