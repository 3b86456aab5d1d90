import { describe, expect, it } from "vitest";
import { isSearchRunRequested, searchPageMode, searchPagePath, searchRunState } from "./search-arrival.ts";

describe("isSearchRunRequested", () => {
  it("accepts the state this document made", () => {
    expect(isSearchRunRequested(searchRunState())).toBe(true);
    expect(isSearchRunRequested(searchRunState("a"), "a")).toBe(true);
  });

  it("refuses another document's mark (the same history entry after a reload)", () => {
    expect(isSearchRunRequested(searchRunState("before-reload"), "after-reload")).toBe(false);
  });

  it("refuses a missing or foreign state, and a bare true", () => {
    expect(isSearchRunRequested(null)).toBe(false);
    expect(isSearchRunRequested(undefined)).toBe(false);
    expect(isSearchRunRequested("runSearch")).toBe(false);
    expect(isSearchRunRequested({ runSearch: true })).toBe(false);
    expect(isSearchRunRequested({ other: 1 })).toBe(false);
  });
});

describe("searchPageMode", () => {
  it("welcomes when there is no term, whatever the state", () => {
    expect(searchPageMode("", null)).toBe("welcome");
    expect(searchPageMode("   ", searchRunState())).toBe("welcome");
  });

  it("waits for the person on a document load with ?q=", () => {
    expect(searchPageMode("harbour walk", null)).toBe("confirm");
    expect(searchPageMode("harbour walk", searchRunState("old"), "new")).toBe("confirm");
  });

  it("searches at once after an in-app navigation that asked for it", () => {
    expect(searchPageMode("harbour walk", searchRunState("m"), "m")).toBe("results");
  });
});

describe("searchPagePath", () => {
  it("puts the trimmed, encoded term in ?q=", () => {
    expect(searchPagePath(" Pier & lights ")).toBe("/search-tagged-posts?q=Pier%20%26%20lights");
  });
});
