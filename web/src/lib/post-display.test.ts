import { describe, expect, it } from "vitest";
import {
  cardImageSource,
  detailImageSources,
  downloadFileName,
  filterPostsByName,
  formatViewCount,
  postDisplayName,
  privacyLabel,
} from "./post-display.ts";

describe("postDisplayName", () => {
  it("shows the text inside the first parentheses", () => {
    expect(postDisplayName("Summer trip (Ada)")).toBe("Ada");
    expect(postDisplayName("(Grace) at the harbour (2024)")).toBe("Grace");
    expect(postDisplayName("Night out ( Bob  Smith )")).toBe("Bob  Smith");
  });

  it("shows the whole name without usable parentheses", () => {
    expect(postDisplayName("Summer trip")).toBe("Summer trip");
    expect(postDisplayName("  padded  ")).toBe("padded");
    expect(postDisplayName("Empty () parens")).toBe("Empty () parens");
    expect(postDisplayName("Unclosed (paren")).toBe("Unclosed (paren");
    expect(postDisplayName("Closed) before (open")).toBe("Closed) before (open");
  });

  it("takes everything up to the first closing parenthesis when they nest", () => {
    expect(postDisplayName("a (b (c) d)")).toBe("b (c");
  });
});

const post = {
  originalImage: "/uploads/a.jpg",
  scrambledImage: "/uploads/a-scrambled.jpg",
  thumbnailImage: "/uploads/a-thumb.webp",
  scrambleImage: false,
};

describe("image choice", () => {
  it("uses the thumbnail in grids, the scrambled file when scrambling is on", () => {
    expect(cardImageSource(post)).toBe("/uploads/a-thumb.webp");
    expect(cardImageSource({ ...post, thumbnailImage: null })).toBe("/uploads/a.jpg");
    expect(cardImageSource({ ...post, scrambleImage: true })).toBe("/uploads/a-scrambled.jpg");
    expect(cardImageSource({ ...post, originalImage: "", thumbnailImage: null })).toBeNull();
  });

  it("tries the distinct scrambled file first and falls back to the original", () => {
    expect(detailImageSources(post)).toEqual(["/uploads/a.jpg"]);
    expect(detailImageSources({ ...post, scrambleImage: true })).toEqual([
      "/uploads/a-scrambled.jpg",
      "/uploads/a.jpg",
    ]);
    expect(detailImageSources({ ...post, scrambleImage: true, scrambledImage: "/uploads/a.jpg" })).toEqual([
      "/uploads/a.jpg",
    ]);
    expect(detailImageSources({ ...post, scrambleImage: true, scrambledImage: "" })).toEqual([
      "/uploads/a.jpg",
    ]);
    expect(detailImageSources({ ...post, originalImage: "", scrambledImage: "" })).toEqual([]);
  });
});

describe("labels", () => {
  it("says Private when personal info is hidden", () => {
    expect(privacyLabel(true)).toBe("Private");
    expect(privacyLabel(false)).toBe("Public");
  });

  it("counts views in words", () => {
    expect(formatViewCount(0)).toBe("0 unique views");
    expect(formatViewCount(1)).toBe("1 unique view");
    expect(formatViewCount(12)).toBe("12 unique views");
  });
});

describe("filterPostsByName", () => {
  const posts = [{ postName: "Summer (Ada)" }, { postName: "Winter (Bob)" }];
  it("matches part of the name, ignoring case; a blank filter keeps all", () => {
    expect(filterPostsByName(posts, " ada ")).toEqual([{ postName: "Summer (Ada)" }]);
    expect(filterPostsByName(posts, "ER (")).toHaveLength(2);
    expect(filterPostsByName(posts, "  ")).toHaveLength(2);
    expect(filterPostsByName(posts, "zzz")).toEqual([]);
  });
});

describe("downloadFileName", () => {
  it("makes a safe slug", () => {
    expect(downloadFileName("Summer trip (Ada)")).toBe("tagit-summer-trip-ada.jpg");
    expect(downloadFileName("Café ../../etc/passwd")).toBe("tagit-cafe-etc-passwd.jpg");
    expect(downloadFileName("!!!")).toBe("tagit-post.jpg");
    expect(downloadFileName("x".repeat(200))).toBe(`tagit-${"x".repeat(60)}.jpg`);
  });
});
