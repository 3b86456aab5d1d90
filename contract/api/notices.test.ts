import { describe, expect, it } from "vitest";
import { noticeText } from "./notices.ts";

describe("noticeText", () => {
  it("says what happened to which post, and nothing about who reported it", () => {
    const about = (postName: string) => ({ postName, visitor: null });
    expect(noticeText({ kind: "post_hidden", ...about("Pier") })).toBe(
      'Your post "Pier" was hidden pending review',
    );
    expect(noticeText({ kind: "post_removed", ...about("Pier") })).toBe(
      'Your post "Pier" was removed by an administrator',
    );
    expect(noticeText({ kind: "post_restored", ...about("Pier") })).toBe(
      'Your post "Pier" was reviewed and is no longer hidden by moderation',
    );
  });

  it("names the tagg an administrator removed, and says what the member can do", () => {
    expect(noticeText({ kind: "tagg_removed", postName: null, visitor: null, tagg: "bea" })).toBe(
      "Your tagg @bea was removed by an administrator: your posts are no longer found by it. " +
        "You can claim a new tagg from your dashboard.",
    );
  });

  it("names the visitor a repeated-search alert is about", () => {
    expect(
      noticeText({ kind: "repeated_search", postName: null, visitor: { id: "v", name: "Alex Smith" } }),
    ).toBe("Alex Smith looked for your posts 5 times this week");
  });
});
