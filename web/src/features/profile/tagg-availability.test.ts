import { describe, expect, it } from "vitest";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import { checkTaggLocally } from "./tagg-availability.ts";

describe("checkTaggLocally", () => {
  it("asks nothing for an empty field", () => {
    expect(checkTaggLocally("")).toBeNull();
    expect(checkTaggLocally("   ")).toBeNull();
  });

  it("normalises a well-formed handle (lower case, no @)", () => {
    expect(checkTaggLocally("@Grace_99")).toEqual({ tagg: "grace_99" });
  });

  it("explains bad formats and reserved words without a request", () => {
    expect(checkTaggLocally("ab")).toEqual({ message: TAGG_MESSAGES.format });
    expect(checkTaggLocally("no spaces")).toEqual({ message: TAGG_MESSAGES.format });
    expect(checkTaggLocally("a".repeat(31))).toEqual({ message: TAGG_MESSAGES.format });
    expect(checkTaggLocally("Admin")).toEqual({ message: TAGG_MESSAGES.reserved });
  });
});
