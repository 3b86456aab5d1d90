import { describe, expect, it } from "vitest";
import { groupKey, recoveryCodesText, textFileHref } from "./two-factor-display.ts";

describe("groupKey", () => {
  it("splits the key into groups of four, the last one shorter", () => {
    expect(groupKey("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupKey("ABCDEF")).toBe("ABCD EF");
  });

  it("ignores spaces already in the key and answers empty for an empty key", () => {
    expect(groupKey("AB CD EF")).toBe("ABCD EF");
    expect(groupKey("")).toBe("");
  });
});

describe("recoveryCodesText", () => {
  it("names the account and the day, then lists the codes one a line", () => {
    const text = recoveryCodesText(
      ["abcde-fghij", "klmno-pqrst"],
      "ada@example.com",
      new Date("2026-11-27T10:00:00Z"),
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe("Tagit recovery codes for ada@example.com");
    expect(lines[1]).toBe("Created 2026-11-27");
    expect(lines).toContain("abcde-fghij");
    expect(lines.indexOf("klmno-pqrst")).toBe(lines.indexOf("abcde-fghij") + 1);
  });
});

describe("textFileHref", () => {
  it("is a plain-text data address that decodes back to the text", () => {
    const href = textFileHref("a b\nc&d");
    expect(href.startsWith("data:text/plain;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(",") + 1))).toBe("a b\nc&d");
  });
});
