import { describe, expect, it } from "vitest";
import { normaliseSearchTerm } from "./track-search.ts";

describe("normaliseSearchTerm", () => {
  it("trims and lower-cases", () => {
    expect(normaliseSearchTerm("  Harbour Walk (Grace) ")).toBe("harbour walk (grace)");
  });
});
