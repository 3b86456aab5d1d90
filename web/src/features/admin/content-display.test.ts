import { describe, expect, it } from "vitest";
import { excerpt, matchesSearch, openableRoute, sectionCounts } from "./content-display.ts";

describe("matchesSearch", () => {
  it("matches any value, case-insensitively, and everything for an empty search", () => {
    expect(matchesSearch(["Social Links", 100005, null], "social")).toBe(true);
    expect(matchesSearch(["Social Links", 100005], "1000")).toBe(true);
    expect(matchesSearch(["Social Links", null], "privacy")).toBe(false);
    expect(matchesSearch([], "  ")).toBe(true);
  });
});

describe("sectionCounts", () => {
  it("counts every section, the popups and the pages", () => {
    expect(
      sectionCounts([
        { type: "page" },
        { type: "Popup" },
        { type: "page" },
        { type: "editable" },
        { type: null },
      ]),
    ).toEqual({ total: 5, popups: 1, pages: 2 });
  });
});

describe("openableRoute", () => {
  it("opens same-site paths only", () => {
    expect(openableRoute("/dashboard")).toBe("/dashboard");
    expect(openableRoute(" /create-post ")).toBe("/create-post");
    expect(openableRoute("//evil.example")).toBeNull();
    expect(openableRoute("javascript:alert(1)")).toBeNull();
    expect(openableRoute("https://example.com")).toBeNull();
    expect(openableRoute(null)).toBeNull();
  });
});

describe("excerpt", () => {
  it("cuts long text with an ellipsis", () => {
    expect(excerpt("short")).toBe("short");
    expect(excerpt("a".repeat(100), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
