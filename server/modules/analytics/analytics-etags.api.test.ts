import { describe, expect, it } from "vitest";
import { asMember, createPost, giveTagg, registerMember } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

type App = TestApp["app"];
type Member = Awaited<ReturnType<typeof registerMember>>;

const poll = (app: App, owner: Member, etag?: string) =>
  app.inject({
    url: "/api/tagg-analytics",
    headers: { cookie: owner.cookie, ...(etag && { "if-none-match": etag }) },
  });

/** The visitor views the owner's post "Lighthouse": one event in the owner's analytics. */
const view = (t: TestApp, visitor: Member, postId: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: asMember(visitor.cookie),
    payload: { searchTerm: "lighthouse", action: "view", postId },
    remoteAddress: "127.0.0.1",
  });

async function setup() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada" });
  const bob = await registerMember(t, { firstName: "Bob" });
  await giveTagg(t, bob, "bob_v");
  const post = await createPost(t, ada, "Lighthouse");
  await view(t, bob, post.id);
  const first = await poll(t.app, ada);
  const etag = String(first.headers.etag);
  // Known and current: answered 304, twice (the second from memory).
  expect((await poll(t.app, ada, etag)).statusCode).toBe(304);
  expect((await poll(t.app, ada, etag)).statusCode).toBe(304);
  return { t, ada, bob, post, etag, clock };
}

/**
 * Polls with the old tag, as the web app does, until the list comes back changed: a change reaches the cache
 * in milliseconds, through the database's notification (and, for a visitor, a query of the owners it concerns).
 */
async function changedList(app: App, owner: Member, etag: string) {
  const deadline = Date.now() + 1_000;
  let res = await poll(app, owner, etag);
  while (res.statusCode === 304 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    res = await poll(app, owner, etag);
  }
  return res;
}

describe("the cached analytics tag", () => {
  it("changes with a new event", async () => {
    const { t, ada, bob, post, etag, clock } = await setup();
    clock.advance(6_000);
    await view(t, bob, post.id);
    const res = await changedList(t.app, ada, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
  });

  it("changes when one of the owner's posts changes", async () => {
    const { t, ada, post, etag } = await setup();
    await t.app.inject({
      method: "PATCH",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(ada.cookie),
      payload: { scrambleImage: true },
    });
    const res = await changedList(t.app, ada, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].scrambleImage).toBe(true);
  });

  it("changes when a visitor in the list changes their picture or tagg", async () => {
    const { t, ada, bob, etag } = await setup();
    const avatar = (await uploadImage(t, bob.cookie, await png(300, 300), "me.png", "image/png")).json();
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(bob.cookie),
      payload: { profilePictureUrl: avatar.imageUrl },
    });
    const withPicture = await changedList(t.app, ada, etag);
    expect(withPicture.statusCode).toBe(200);
    expect(withPicture.json()[0].visitorProfilePictureUrl).toBe(avatar.imageUrl);

    const pictureTag = String(withPicture.headers.etag);
    expect((await poll(t.app, ada, pictureTag)).statusCode).toBe(304);
    // Straight in the database, as any write path might: the database itself tells the caches.
    await giveTagg(t, bob, "bob_renamed");
    const renamed = await changedList(t.app, ada, pictureTag);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()[0].visitorTagg).toBe("bob_renamed");
  });

  it("changes on another instance too", async () => {
    const { t, ada, bob, post, etag, clock } = await setup();
    const other = await t.peer();
    expect((await poll(other, ada, etag)).statusCode).toBe(304);
    clock.advance(6_000);
    await view(t, bob, post.id);
    const res = await changedList(other, ada, etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
  });
});
