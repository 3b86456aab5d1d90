import { describe, expect, it } from "vitest";
import { nameKey } from "./names.ts";

describe("nameKey", () => {
  it("trims and lower-cases, so names differing only in case or outer spaces share a key", () => {
    expect(nameKey("  Sunset (Brighton) ")).toBe("sunset (brighton)");
    expect(nameKey("SUNSET (brighton)")).toBe(nameKey("sunset (Brighton)"));
  });

  it("keeps inner spaces and punctuation", () => {
    expect(nameKey("A  b_c")).toBe("a  b_c");
    expect(nameKey("@Ada")).toBe("@ada");
  });
});
