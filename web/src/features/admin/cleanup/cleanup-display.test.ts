import { describe, expect, it } from "vitest";
import { cleanupCountLabel, inactiveBadgeVariant } from "./cleanup-display.ts";

describe("inactiveBadgeVariant", () => {
  it("is destructive above 90 days, secondary above 60, otherwise outline", () => {
    expect(inactiveBadgeVariant(91)).toBe("destructive");
    expect(inactiveBadgeVariant(90)).toBe("secondary");
    expect(inactiveBadgeVariant(61)).toBe("secondary");
    expect(inactiveBadgeVariant(60)).toBe("outline");
    expect(inactiveBadgeVariant(30)).toBe("outline");
  });
});

describe("cleanupCountLabel", () => {
  it("says when the search answered only the oldest items", () => {
    expect(cleanupCountLabel(1, 1)).toBe("1 item");
    expect(cleanupCountLabel(3, 3)).toBe("3 items");
    expect(cleanupCountLabel(500, 1204)).toBe("the oldest 500 of 1,204 items");
  });
});
