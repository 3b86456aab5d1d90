import { describe, expect, it } from "vitest";
import { historyHeadline, historyOwner, ownerLabel, resultsSummary } from "./search-display.ts";

describe("ownerLabel", () => {
  it("shows the owner's name and tagg", () => {
    expect(ownerLabel({ firstName: "Ada", lastName: "Lovelace", userTagg: "ada" })).toEqual({
      name: "Ada Lovelace",
      tagg: "@ada",
      hidden: false,
    });
  });

  it("falls back to the tagg, then to Personal Info Hidden", () => {
    expect(ownerLabel({ firstName: null, lastName: null, userTagg: "ada" })).toEqual({
      name: "@ada",
      tagg: null,
      hidden: false,
    });
    expect(ownerLabel({ firstName: null, lastName: null, userTagg: null })).toEqual({
      name: "Personal Info Hidden",
      tagg: null,
      hidden: true,
    });
    expect(ownerLabel({ firstName: "Ada", lastName: null, userTagg: null }).name).toBe("Ada");
  });
});

describe("resultsSummary", () => {
  it("counts posts", () => {
    expect(resultsSummary(1, " beach ")).toBe("1 post found for “beach”");
    expect(resultsSummary(3, "@ada")).toBe("3 posts found for “@ada”");
  });
});

const entry = {
  action: "search",
  searchTerm: "harbour walk (grace)",
  postName: "Harbour walk (Grace)",
  ownerFirstName: "Grace",
  ownerLastName: "Hopper",
  ownerTagg: "grace",
  hidePersonalInfo: false,
};

describe("historyHeadline", () => {
  it("says what I did", () => {
    expect(historyHeadline(entry)).toBe("Searched for “harbour walk (grace)”");
    expect(historyHeadline({ ...entry, action: "view" })).toBe("Viewed Grace");
    expect(historyHeadline({ ...entry, action: "view", postName: null })).toBe("Viewed a post");
    expect(historyHeadline({ ...entry, searchTerm: null })).toBe("Searched");
  });
});

describe("historyOwner", () => {
  it("names the owner unless they hide their personal info", () => {
    expect(historyOwner(entry)).toBe("by Grace Hopper");
    expect(historyOwner({ ...entry, hidePersonalInfo: true })).toBe("Personal Info Hidden");
    expect(historyOwner({ ...entry, ownerFirstName: null, ownerLastName: null })).toBe("by @grace");
    expect(historyOwner({ ...entry, ownerFirstName: null, ownerLastName: null, ownerTagg: null })).toBeNull();
  });
});
