import { describe, expect, it } from "vitest";
import { filterViewers, isVisibleViewer } from "./viewer-filter.ts";

const ada = {
  id: "m1",
  firstName: "Ada",
  lastName: "Lovelace",
  tagg: "countess",
  viewCount: 2,
  lastViewed: "2025-03-10T12:00:00Z",
};
const alan = { id: "m2", firstName: "Alan", lastName: "Turing", tagg: null, viewCount: 1, lastViewed: "" };
const anonymous = { firstName: "Anonymous User", viewCount: 3, lastViewed: "2025-03-10T12:00:00Z" };
const viewers = [ada, alan, anonymous];

describe("filterViewers", () => {
  it("keeps everyone for a blank filter", () => {
    expect(filterViewers(viewers, "  ")).toEqual(viewers);
  });

  it("matches full names and parts of them, ignoring case", () => {
    expect(filterViewers(viewers, "ada love")).toEqual([ada]);
    expect(filterViewers(viewers, "TURING")).toEqual([alan]);
    expect(filterViewers(viewers, "a")).toEqual(viewers);
    expect(filterViewers(viewers, "anonymous")).toEqual([anonymous]);
  });

  it("matches taggs with or without the @", () => {
    expect(filterViewers(viewers, "@count")).toEqual([ada]);
    expect(filterViewers(viewers, "countess")).toEqual([ada]);
    expect(filterViewers(viewers, "@")).toEqual([]);
  });
});

describe("isVisibleViewer", () => {
  it("is true only for viewers with an id", () => {
    expect(isVisibleViewer(ada)).toBe(true);
    expect(isVisibleViewer(anonymous)).toBe(false);
  });
});
