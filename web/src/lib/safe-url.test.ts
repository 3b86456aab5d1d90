import { describe, expect, it } from "vitest";
import { safeExternalUrl } from "./safe-url.ts";

describe("safeExternalUrl", () => {
  it("keeps http and https links", () => {
    expect(safeExternalUrl("https://github.com/ada")).toBe("https://github.com/ada");
    expect(safeExternalUrl("http://example.com")).toBe("http://example.com/");
  });

  it("refuses other schemes and text that is not a URL", () => {
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("data:text/html,hi")).toBeNull();
    expect(safeExternalUrl("github.com/ada")).toBeNull();
  });
});
