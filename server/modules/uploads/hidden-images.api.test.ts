import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, taggedPosts, taggs } from "#server/db/schema/index.ts";
import { asMember, createPost, giveTagg, registerMember } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;
const FOREVER = "public, max-age=31536000, immutable";

/** An administrator by role, and the `x-admin-session` they get by unlocking the panel. */
async function administrator(t: TestApp) {
  const admin = await registerMember(t, { firstName: "Root" });
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, admin.user.id));
  await t.app.changes.sync(); // the cached session hears of the write
  const unlock = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(admin.cookie),
    payload: { password: admin.input.password },
  });
  return { ...admin, adminSession: String(unlock.json().sessionId) };
}

const fetchAs = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });

async function setup() {
  const t = await createTestApp();
  const ada = await registerMember(t);
  await giveTagg(t, ada, "ada_l");
  const stranger = await registerMember(t);
  const admin = await administrator(t);
  const post = (await createPost(t, ada, "Lighthouse")) as { id: string; originalImage: string };
  const [row] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
  const images = [post.originalImage, String(row?.thumbnailImage)];
  return { t, ada, stranger, admin, post, images };
}

/** The status each kind of viewer gets for each of the post's images (original, thumbnail). */
async function statuses(
  t: TestApp,
  images: string[],
  who: { ada: Member; stranger: Member; admin: Awaited<ReturnType<typeof administrator>> },
) {
  const as = async (headers: Record<string, string>) =>
    Promise.all(images.map(async (url) => (await fetchAs(t, url, headers)).statusCode));
  return {
    owner: await as({ cookie: who.ada.cookie }),
    stranger: await as({ cookie: who.stranger.cookie }),
    signedOut: await as({}),
    adminWithoutSession: await as({ cookie: who.admin.cookie }),
    adminWithSession: await as({ cookie: who.admin.cookie, "x-admin-session": who.admin.adminSession }),
  };
}

const shown = { owner: [200, 200], stranger: [200, 200], signedOut: [200, 200] };
const hiddenFromOthers = {
  owner: [200, 200],
  stranger: [404, 404],
  signedOut: [404, 404],
  adminWithoutSession: [404, 404],
  adminWithSession: [200, 200],
};

describe("GET /uploads/:name of hidden things", () => {
  it("serves a hidden post's original and thumbnail only to its owner and an administrator with an admin session", async () => {
    const { t, ada, stranger, admin, post, images } = await setup();
    expect(await statuses(t, images, { ada, stranger, admin })).toMatchObject(shown);

    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, post.id));
    expect(await statuses(t, images, { ada, stranger, admin })).toEqual(hiddenFromOthers);
  });

  it("serves nothing of a hidden member's posts, or of a hidden tagg's, to anyone else", async () => {
    const { t, ada, stranger, admin, images } = await setup();
    const toggle = (hidden: boolean) =>
      t.app.inject({
        method: "POST",
        url: "/api/tagg/toggle-visibility",
        headers: asMember(ada.cookie),
        payload: { hidden },
      });
    await toggle(true);
    expect(await statuses(t, images, { ada, stranger, admin })).toEqual(hiddenFromOthers);
    await toggle(false);
    expect(await statuses(t, images, { ada, stranger, admin })).toMatchObject(shown);

    await t.db.update(taggs).set({ isHidden: true }).where(eq(taggs.tagg, "ada_l"));
    expect(await statuses(t, images, { ada, stranger, admin })).toEqual(hiddenFromOthers);
  });
});

describe("caching of /uploads/:name", () => {
  it("lets anyone cache public derivatives for ever, and keeps owner-only originals private", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const stranger = await registerMember(t);
    const avatar = (await uploadImage(t, ada.cookie, await png(120, 120))).json();
    const wallpaper = (await uploadImage(t, ada.cookie, await png(400, 150))).json();
    const unpublished = (await uploadImage(t, ada.cookie, await png(80, 60))).json();
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(ada.cookie),
      payload: { profilePictureUrl: avatar.imageUrl, wallpaperUrl: wallpaper.imageUrl },
    });

    const publicFiles = [avatar.imageUrl, wallpaper.imageUrl, unpublished.scrambledImageUrl];
    for (const url of publicFiles) {
      const viewers: Record<string, string>[] = [{ cookie: ada.cookie }, { cookie: stranger.cookie }, {}];
      for (const headers of viewers) {
        const res = await fetchAs(t, url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], url).toBe(FOREVER);
        expect(res.headers.vary, url).toBeUndefined();
      }
    }

    for (const url of [unpublished.imageUrl, unpublished.thumbnailUrl]) {
      const own = await fetchAs(t, url, { cookie: ada.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.headers["cache-control"]).toMatch(/^private\b/);
      expect(own.headers.vary).toContain("Cookie");
    }
  });
});
