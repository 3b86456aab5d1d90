import { describe, expect, it } from "vitest";
import { analyticsEvent } from "#web/test/analytics-test-data.ts";
import { actionText, canViewAllViewers, filterEventsByPost, postFilterOptions } from "./analytics-display.ts";

describe("actionText", () => {
  it("uses the spec's wording", () => {
    expect(actionText("view")).toBe("viewed your post");
    expect(actionText("search")).toBe("searched for your posts");
    expect(actionText("internal_search")).toBe("searched for your posts");
  });
});

describe("post filter", () => {
  const a = analyticsEvent({ postName: "Beach" });
  const b = analyticsEvent({ postName: "Attic" });
  const c = analyticsEvent({ postName: "Beach" });
  const byTagg = analyticsEvent({ postName: null, postId: null });

  it("offers every post name once, sorted", () => {
    expect(postFilterOptions([a, b, c, byTagg])).toEqual(["Attic", "Beach"]);
  });

  it("keeps everything for All Posts (null) and only that post otherwise", () => {
    expect(filterEventsByPost([a, b, c, byTagg], null)).toHaveLength(4);
    expect(filterEventsByPost([a, b, c, byTagg], "Beach")).toEqual([a, c]);
  });
});

describe("canViewAllViewers", () => {
  it("is offered on views of a post only", () => {
    expect(canViewAllViewers(analyticsEvent({ action: "view" }))).toBe(true);
    expect(canViewAllViewers(analyticsEvent({ action: "search" }))).toBe(false);
    expect(canViewAllViewers(analyticsEvent({ action: "view", postId: null }))).toBe(false);
  });
});
