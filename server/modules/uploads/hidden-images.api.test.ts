import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, taggedPosts, taggs } from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  enrolAuthenticatorApp,
  giveTagg,
  registerMember,
} from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;
const FOREVER = "public, max-age=31536000, immutable";

/** An administrator by role, and the `x-admin-session` they get by unlocking the panel. */
async function administrator(t: TestApp) {
  const admin = await registerMember(t, { firstName: "Root" });
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, admin.user.id));
  await t.app.changes.sync(); // the cached session hears of the write
  const authenticator = await enrolAuthenticatorApp(t, admin);
  const unlock = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(admin.cookie),
    payload: { password: admin.input.password, code: await authenticator.nextCode() },
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
  it("lets anyone cache scrambled copies for ever, and keeps originals (avatars too) in the viewer's browser", async () => {
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
    const viewers: Record<string, string>[] = [{ cookie: ada.cookie }, { cookie: stranger.cookie }, {}];

    for (const headers of viewers) {
      const res = await fetchAs(t, unpublished.scrambledImageUrl, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe(FOREVER);
      expect(res.headers.vary).toBeUndefined();
    }
    // Everyone sees an avatar and a wallpaper today, but not for ever: a new one, a block or a hidden profile
    // ends it, so no cache may keep them without asking again.
    for (const url of [avatar.imageUrl, wallpaper.imageUrl]) {
      for (const headers of viewers) {
        const res = await fetchAs(t, url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], url).toBe("private, no-cache");
        expect(res.headers.vary, url).toContain("Cookie");
      }
    }

    for (const url of [unpublished.imageUrl, unpublished.thumbnailUrl]) {
      const own = await fetchAs(t, url, { cookie: ada.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.headers["cache-control"]).toMatch(/^private\b/);
      expect(own.headers.vary).toContain("Cookie");
    }
  });

  it("gives private originals a validator and answers a revisit 304, only to a viewer who may see them", async () => {
    const { t, ada, stranger, post, images } = await setup();
    const [original = ""] = images;
    const first = await fetchAs(t, original, { cookie: ada.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[^"]+"$/); // strong: the file's bytes, not a weak equivalent
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const conditions: Record<string, string>[] = [
      { "if-none-match": etag },
      { "if-none-match": `"elsewhere", ${etag}` },
      { "if-modified-since": lastModified },
    ];
    for (const condition of conditions) {
      const again = await fetchAs(t, original, { cookie: ada.cookie, ...condition });
      expect(again.statusCode, JSON.stringify(condition)).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["last-modified"]).toBe(lastModified);
      expect(again.headers["cache-control"]).toBe("private, no-cache");
      expect(again.headers.vary).toContain("Cookie");
    }
    // Another file's tag, or a date before the file was written, gets the file.
    const stale: Record<string, string>[] = [
      { "if-none-match": '"another-file"' },
      { "if-modified-since": new Date(Date.parse(lastModified) - 60_000).toUTCString() },
      { "if-none-match": '"another-file"', "if-modified-since": lastModified },
    ];
    for (const condition of stale) {
      const full = await fetchAs(t, original, { cookie: ada.cookie, ...condition });
      expect(full.statusCode, JSON.stringify(condition)).toBe(200);
      expect(full.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const thumbnail = await fetchAs(t, String(images[1]), { cookie: ada.cookie });
    expect(thumbnail.headers.etag).toMatch(/^"[^"]+"$/);
    expect(thumbnail.headers.etag).not.toBe(etag);

    // A stranger saw it while the post was public; once it is hidden, their copy's validators earn the
    // same 404 as anyone's, never a 304 that would tell them the file is still there.
    const seen = await fetchAs(t, original, { cookie: stranger.cookie });
    expect(seen.statusCode).toBe(200);
    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, post.id));
    const plain = await fetchAs(t, original, { cookie: stranger.cookie });
    expect(plain.statusCode).toBe(404);
    for (const condition of [...conditions, { "if-none-match": "*" }]) {
      const refused = await fetchAs(t, original, { cookie: stranger.cookie, ...condition });
      expect(refused.statusCode, JSON.stringify(condition)).toBe(404);
      expect(refused.json()).toEqual(plain.json());
      expect(refused.headers.etag).toBeUndefined();
      expect(refused.headers["last-modified"]).toBeUndefined();
    }
  });

  it("sends the scrambled copy, not a 304, to a stranger holding the original's tag once its post is scrambled", async () => {
    const { t, stranger, post, images } = await setup();
    const [original = ""] = images;
    const seen = await fetchAs(t, original, { cookie: stranger.cookie });
    expect(seen.statusCode).toBe(200);

    await t.db.update(taggedPosts).set({ scrambleImage: true }).where(eq(taggedPosts.id, post.id));
    const [row] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    const scrambled = await fetchAs(t, String(row?.scrambledImage));
    const revisit = await fetchAs(t, original, {
      cookie: stranger.cookie,
      "if-none-match": String(seen.headers.etag),
      "if-modified-since": String(seen.headers["last-modified"]),
    });
    expect(revisit.statusCode).toBe(200);
    expect(revisit.rawPayload.equals(scrambled.rawPayload)).toBe(true);
    expect(revisit.headers.etag).not.toBe(seen.headers.etag);
  });
});
