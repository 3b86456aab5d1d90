import { describe, expect, it } from "vitest";
import { blockedMemberName } from "./block-display.ts";

const member = { id: "8d0f6a4e-2b1c-4c55-9e57-3f0c2b7a9d11" };

describe("blockedMemberName", () => {
  it("names a member by their name when the blocker could see it", () => {
    expect(blockedMemberName({ ...member, firstName: "Sam", lastName: "Stalker", tagg: "sam_s" })).toBe(
      "Sam Stalker",
    );
    expect(blockedMemberName({ ...member, firstName: "Sam", lastName: null, tagg: null })).toBe("Sam");
  });

  it("falls back to the tagg for a hidden member blocked by tagg, then to plain words", () => {
    expect(blockedMemberName({ ...member, firstName: null, lastName: null, tagg: "sam_s" })).toBe("@sam_s");
    expect(blockedMemberName({ ...member, firstName: null, lastName: "  ", tagg: null })).toBe("A member");
  });
});
