import { describe, expect, it } from "vitest";
import { changedFields } from "./admin-form.ts";

describe("changedFields", () => {
  it("keeps only what changed, and sends an emptied text as null", () => {
    const loaded = { firstName: "Ada", tagg: "ada", reason: "Partner" };
    expect(changedFields(loaded, { firstName: "Ada", tagg: "ada_l", reason: "Partner" })).toEqual({
      tagg: "ada_l",
    });
    expect(changedFields(loaded, { firstName: "Ada", tagg: "ada", reason: "" })).toEqual({ reason: null });
    expect(changedFields(loaded, { ...loaded })).toEqual({});
  });

  it("treats a missing value and an empty one alike", () => {
    expect(changedFields({ bio: null }, { bio: "" })).toEqual({});
    expect(changedFields({ bio: undefined }, { bio: "Hi" })).toEqual({ bio: "Hi" });
  });
});
