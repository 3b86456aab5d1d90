import { describe, expect, it } from "vitest";
import { noticeText } from "./notices.ts";

describe("noticeText", () => {
  it("says what happened to which post, and nothing about who reported it", () => {
    expect(noticeText({ kind: "post_hidden", postName: "Pier" })).toBe(
      'Your post "Pier" was hidden pending review',
    );
    expect(noticeText({ kind: "post_removed", postName: "Pier" })).toBe(
      'Your post "Pier" was removed by an administrator',
    );
    expect(noticeText({ kind: "post_restored", postName: "Pier" })).toBe(
      'Your post "Pier" was reviewed and is no longer hidden by moderation',
    );
  });
});
