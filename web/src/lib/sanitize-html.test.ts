import { describe, expect, it } from "vitest";
import { SAFE_URI } from "./sanitize-html.ts";

describe("SAFE_URI", () => {
  it("allows web, mail and same-site links", () => {
    for (const href of [
      "https://example.com",
      "http://x.y/a",
      "mailto:help@tagit.example",
      "/terms",
      "#s2",
      "?a=1",
    ]) {
      expect(SAFE_URI.test(href)).toBe(true);
    }
  });

  it("refuses script, data and protocol-relative links", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "vbscript:x",
    ]) {
      expect(SAFE_URI.test(href)).toBe(false);
    }
  });
});
