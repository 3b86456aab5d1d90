import { describe, expect, it } from "vitest";
import {
  deleteTaggDescription,
  hideTaggDescription,
  holderName,
  taggDeletedDescription,
} from "./tagg-holder.ts";

const held = { tagg: "bea", holder: { id: "m1", firstName: "Bea", lastName: "Poster" } };
const free = { tagg: "spare", holder: null };

describe("deleting a tagg", () => {
  it("warns that the holder loses it and is told, naming them", () => {
    expect(deleteTaggDescription(held)).toBe(
      "Delete @bea? It is held by Bea Poster; their posts stop being findable by it, and anyone can then " +
        "claim it. Bea Poster will be told in their notifications. This action cannot be undone.",
    );
    expect(taggDeletedDescription(held)).toBe("@bea was deleted; Bea Poster was told.");
  });

  it("asks plainly when nobody holds it", () => {
    expect(deleteTaggDescription(free)).toBe("Delete @spare? This action cannot be undone.");
    expect(taggDeletedDescription(free)).toBe("@spare was deleted.");
    expect(holderName(free)).toBeNull();
  });
});

describe("hiding a tagg", () => {
  it("names the holder, and says the posts go with it until it is shown again", () => {
    expect(hideTaggDescription(held)).toBe(
      "Hide @bea, held by Bea Poster, and its posts from search until an administrator shows them again? " +
        "Bea Poster is told why, and may appeal.",
    );
    expect(hideTaggDescription(free)).toBe(
      "Hide @spare and its posts from search until an administrator shows them again?",
    );
  });
});
