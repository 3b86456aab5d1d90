import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, taggedPosts } from "#server/db/schema/index.ts";
import { asMember, createPost, giveTagg, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const search = (t: TestApp, term: string | undefined, cookie?: string) =>
  t.app.inject({
    url:
      term === undefined
        ? "/api/public/tagged-posts"
        : `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
    headers: cookie ? { cookie } : {},
  });

describe("GET /api/public/tagged-posts", () => {
  it("finds a post by its exact name or its owner's tagg, trimmed and in any case, and nothing partial", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await giveTagg(t, ada, "ada_l");
    await createPost(t, ada, "Analytical Engine");
    await createPost(t, ada, "Notes");

    expect(
      (await search(t, "  analytical ENGINE ")).json().map((p: { postName: string }) => p.postName),
    ).toEqual(["Analytical Engine"]);
    expect((await search(t, "ADA_L")).json()).toHaveLength(2);
    expect((await search(t, "@ada_l")).json()).toHaveLength(2);
    for (const partial of ["Analytical", "engine", "ada", "Analytical Engin", "%", "_", "a%"]) {
      expect((await search(t, partial)).json(), partial).toEqual([]);
    }
    expect((await search(t, undefined)).json()).toEqual([]);
    expect((await search(t, "   ")).json()).toEqual([]);
  });

  it("shows the owner's name and tagg, never their e-mail, and withholds them when personal info is hidden", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await giveTagg(t, ada, "ada_l");
    await createPost(t, ada, "Open post");
    await createPost(t, ada, "Secret post", { hidePersonalInfo: true });

    const open = (await search(t, "Open post")).json()[0];
    expect(open).toMatchObject({ userTagg: "ada_l", firstName: "Ada", lastName: "Lovelace", isOwn: false });
    const secret = (await search(t, "Secret post")).json()[0];
    expect(secret).toMatchObject({
      userTagg: null,
      firstName: null,
      lastName: null,
      profilePictureUrl: null,
    });
    expect((await search(t, "ada_l")).body).not.toContain(ada.input.email);
    expect((await search(t, "ada_l")).json().map((p: { postName: string }) => p.postName)).toEqual([
      "Open post",
    ]);
  });

  it("never lists a post that hides its owner under the owner's tagg, except to the owner", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t, { firstName: "Bob" });
    await giveTagg(t, ada, "ada_l");
    const open = await createPost(t, ada, "Open post");
    const secret = await createPost(t, ada, "Secret post", { hidePersonalInfo: true });

    for (const cookie of [undefined, bob.cookie]) {
      for (const term of ["ada_l", "@ADA_L"]) {
        const res = await search(t, term, cookie);
        expect(res.json().map((p: { id: string }) => p.id)).toEqual([open.id]);
        expect(res.body).not.toContain(secret.id);
        expect(res.body).not.toContain("Secret post");
        expect(res.body).not.toContain(secret.originalImage);
      }
    }
    const byName = (await search(t, "secret post", bob.cookie)).json();
    expect(byName).toEqual([
      expect.objectContaining({ id: secret.id, userTagg: null, firstName: null, profilePictureUrl: null }),
    ]);
    expect(JSON.stringify(byName)).not.toContain(ada.user.id);
    const own = (await search(t, "ada_l", ada.cookie)).json();
    expect(own.map((p: { id: string }) => p.id).sort()).toEqual([open.id, secret.id].sort());
  });

  it("never finds hidden posts, hidden members or hidden taggs", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await giveTagg(t, ada, "ada_l");
    const post = await createPost(t, ada, "Now you see it");
    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, post.id));
    expect((await search(t, "Now you see it")).json()).toEqual([]);

    await createPost(t, ada, "Still here");
    const hide = await t.app.inject({
      method: "POST",
      url: "/api/tagg/toggle-visibility",
      headers: asMember(ada.cookie),
      payload: { hidden: true },
    });
    expect(hide.json()).toEqual({ hidden: true });
    expect((await search(t, "Still here")).json()).toEqual([]);
    expect((await search(t, "ada_l")).json()).toEqual([]);

    await t.app.inject({
      method: "POST",
      url: "/api/tagg/toggle-visibility",
      headers: asMember(ada.cookie),
      payload: { hidden: false },
    });
    expect((await search(t, "Still here")).json()).toHaveLength(1);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, ada.user.id));
    expect(row?.isHidden).toBe(false);
  });

  it("validates toggle-visibility and needs a signed-in member for it", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/tagg/toggle-visibility",
      headers: asMember(cookie),
      payload: { hidden: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/tagg/toggle-visibility",
      headers: SAME_ORIGIN,
      payload: { hidden: true },
    });
    expect(anon.statusCode).toBe(401);
  });
});
