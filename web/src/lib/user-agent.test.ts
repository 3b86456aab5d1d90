import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./user-agent.ts";

describe("isMobileUserAgent", () => {
  it("recognises phones and tablets", () => {
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148",
      ),
    ).toBe(true);
    expect(
      isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36"),
    ).toBe(true);
  });

  it("treats desktop browsers as not mobile", () => {
    expect(
      isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"),
    ).toBe(false);
    expect(isMobileUserAgent("")).toBe(false);
  });
});
