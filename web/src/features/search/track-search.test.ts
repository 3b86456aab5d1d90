import { describe, expect, it } from "vitest";
import { normaliseSearchTerm, shouldTrack } from "./track-search.ts";

describe("normaliseSearchTerm", () => {
  it("trims and lower-cases", () => {
    expect(normaliseSearchTerm("  Harbour Walk (Grace) ")).toBe("harbour walk (grace)");
  });
});

describe("shouldTrack", () => {
  it("reports searches that found someone else's post with a term of 3 or more characters", () => {
    expect(shouldTrack("abc", [{ isOwn: false }])).toBe(true);
    expect(shouldTrack(" ab ", [{ isOwn: false }])).toBe(false);
    expect(shouldTrack("abc", [])).toBe(false);
    expect(shouldTrack("abc", [{ isOwn: true }])).toBe(false);
    expect(shouldTrack("abc", [{ isOwn: true }, { isOwn: false }])).toBe(true);
  });
});
