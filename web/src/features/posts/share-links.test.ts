import { describe, expect, it } from "vitest";
import { searchPageUrl, shareTargets } from "./share-links.ts";

describe("shareTargets", () => {
  it("shares the search page with the post name as the text", () => {
    const targets = shareTargets("Summer & sun (Ada)", "https://tagit.example/");
    expect(searchPageUrl("https://tagit.example/")).toBe("https://tagit.example/search-tagged-posts");
    const byId = Object.fromEntries(targets.map((t) => [t.id, new URL(t.href)]));
    expect(byId.facebook?.searchParams.get("u")).toBe("https://tagit.example/search-tagged-posts");
    expect(byId.facebook?.searchParams.get("quote")).toBe("Summer & sun (Ada)");
    expect(byId.twitter?.searchParams.get("text")).toBe("Summer & sun (Ada)");
    expect(byId.twitter?.searchParams.get("url")).toBe("https://tagit.example/search-tagged-posts");
    expect(byId.whatsapp?.searchParams.get("text")).toBe(
      "Summer & sun (Ada) https://tagit.example/search-tagged-posts",
    );
    expect(targets.map((t) => t.label)).toEqual(["Facebook", "Twitter", "WhatsApp"]);
  });
});
