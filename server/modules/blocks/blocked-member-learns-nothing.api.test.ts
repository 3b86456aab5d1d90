import { randomUUID } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fromBufferPromise } from "yauzl";
import { postReports, profiles, taggedPosts } from "#server/db/schema/index.ts";
import { asMember, blockMember, createPost, giveTagg, registerMember } from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * A blocked member trying to learn about, or act on, the member who blocked them: reporting their posts, and
 * reading the blocker's current name, tagg and posts through their own history and data export.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

async function setup() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Blocker" });
  await giveTagg(t, ada, "ada_b");
  const post = await createPost(t, ada, "Ada's garden");
  const sam = await registerMember(t, { firstName: "Sam", lastName: "Blocked" });
  return { t, clock, ada, sam, post };
}

const report = (t: TestApp, member: Member, postId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/tagged-posts/${postId}/report`,
    headers: asMember(member.cookie),
    payload: { reason: "spam" },
  });

async function searchHistoryInExport(t: TestApp, member: Member) {
  const res = await t.app.inject({ url: "/api/profile/export", headers: { cookie: member.cookie } });
  expect(res.statusCode).toBe(200);
  const zip = await fromBufferPromise(res.rawPayload, { lazyEntries: true });
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName === "search-history.json") {
      return JSON.parse((await buffer(await zip.openReadStreamPromise(entry))).toString());
    }
  }
  throw new Error("no search-history.json in the export");
}

describe("a blocked member cannot report the blocker's posts", () => {
  it("is answered as for a missing post, and nothing is stored", async () => {
    const { t, ada, sam, post } = await setup();
    await blockMember(t, ada, sam);
    const blocked = await report(t, sam, post.id);
    const missing = await report(t, sam, randomUUID());
    expect([blocked.statusCode, blocked.json()]).toEqual([404, missing.json()]);
    expect(await t.db.select().from(postReports)).toEqual([]);

    // Anyone else still can.
    expect((await report(t, await registerMember(t), post.id)).statusCode).toBe(201);
  });
});

describe("a blocked member's history and export", () => {
  it("keep what was recorded then and drop the blocker's current name, tagg and post state", async () => {
    const { t, clock, ada, sam, post } = await setup();
    await t.app.inject({ url: "/api/public/tagged-posts?search=ada_b", headers: { cookie: sam.cookie } });
    clock.advance(6_000);
    await t.app.inject({
      method: "POST",
      url: "/api/track-search",
      headers: asMember(sam.cookie),
      payload: { searchTerm: post.postName, action: "view", postId: post.id },
    });
    const history = async () =>
      (await t.app.inject({ url: "/api/user-search-history", headers: { cookie: sam.cookie } })).json();
    const before = await history();
    expect(before.map((entry: { ownerTagg: string | null }) => entry.ownerTagg)).toEqual(["ada_b", "ada_b"]);

    await blockMember(t, ada, sam);
    // After the block Ada changes her name and hides the post: Sam must learn neither.
    await t.db.update(profiles).set({ firstName: "Adaline" }).where(eq(profiles.id, ada.user.id));
    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, post.id));

    // The term, the action, the time and the post's name as they were recorded stay; nothing of now.
    const kept = before.map((entry: Record<string, unknown>) => ({
      ...entry,
      originalImage: null,
      scrambledImage: null,
      scrambleImage: null,
      hidePersonalInfo: null,
      ownerFirstName: null,
      ownerLastName: null,
      ownerTagg: null,
      isVisible: null,
    }));
    const after = await history();
    const exported = await searchHistoryInExport(t, sam);
    expect(after).toEqual(kept);
    expect(exported).toEqual(kept);
    for (const text of [JSON.stringify(after), JSON.stringify(exported)]) {
      for (const current of ["Adaline", "Blocker", post.originalImage]) expect(text).not.toContain(current);
    }
  });
});
