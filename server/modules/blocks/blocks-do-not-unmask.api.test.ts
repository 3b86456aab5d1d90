import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { anonymousActivityPending } from "#server/db/schema/index.ts";
import {
  asMember,
  blockMember,
  createPost,
  registerMember,
  setPrivacyMode,
  viewPost,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * The attack: an owner watches the pseudonyms of their anonymous viewers move from window to window, blocks one
 * suspect, and looks for the pseudonym that stops moving. Anonymous activity here is released one minute after
 * its one-minute bucket, without jitter, so the test drives the clock through releases. Bea, who blocks nobody,
 * gets the same visits as Ada: what Ada sees must be what Bea sees.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
type Post = { id: string; postName: string };
const MINUTE = 60_000;

async function setup() {
  const clock = manualClock();
  const t = await createTestApp({
    clock,
    config: { anonymity: { releaseMinutes: 1, jitterMinutes: 0, minVisitors: 1, keyDays: 30 } },
  });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const bea = await registerMember(t, { firstName: "Bea", lastName: "Owner" });
  const sam = await registerMember(t, { firstName: "Sam", lastName: "Suspect" });
  const cy = await registerMember(t, { firstName: "Cy", lastName: "Other" });
  const posts = {
    ada: await createPost(t, ada, "Ada's lighthouse"),
    bea: await createPost(t, bea, "Bea's pier"),
  };
  for (const visitor of [sam, cy]) await setPrivacyMode(t, visitor, "pause");
  return { t, clock, ada, bea, sam, cy, posts };
}

const search = (t: TestApp, visitor: Member, term: string) =>
  t.app.inject({
    url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
    headers: asMember(visitor.cookie),
  });
/** What an owner can see of their anonymous visitors, without the post's own name and id. */
async function anonymousActivityOf(t: TestApp, owner: Member, post: Post) {
  const get = async (url: string) => (await t.app.inject({ url, headers: { cookie: owner.cookie } })).json();
  const list = (await get("/api/tagg-analytics")) as Record<string, unknown>[];
  const viewers = await get(`/api/posts/${post.id}/viewers`);
  // A release arrives as one shuffled batch: the list is compared in an order of its own.
  const rows = list.map(({ action, visitorName, visitorId, createdAt, timeWindowMinutes }) =>
    JSON.stringify({ action, visitorName, visitorId, createdAt, timeWindowMinutes }),
  );
  return {
    list: rows.sort(),
    totalUnique: viewers.totalUnique,
    viewers: viewers.viewers,
    unique: await get("/api/unique-viewers"),
  };
}

/** Each visitor searches for each post by its name and views it; answers what each was told. */
async function visitAll(t: TestApp, visitors: Member[], posts: Post[]) {
  const answers = new Map<string, { found: unknown; view: [number, unknown] }>();
  for (const visitor of visitors) {
    for (const post of posts) {
      const found = (await search(t, visitor, post.postName)).json();
      const viewed = await viewPost(t, visitor, post);
      answers.set(`${visitor.user.id} ${post.id}`, { found, view: [viewed.statusCode, viewed.json()] });
    }
  }
  return answers;
}

const viewCounts = (activity: { viewers: { viewCount: number }[] }) =>
  activity.viewers.map((viewer) => viewer.viewCount);

describe("blocking a suspect does not unmask an anonymous visitor", () => {
  it("keeps recording the blocked member's anonymous visits, so both pseudonyms keep moving", async () => {
    const { t, clock, ada, bea, sam, cy, posts } = await setup();
    const both = [posts.ada, posts.bea];
    await visitAll(t, [sam, cy], both);
    clock.advance(2 * MINUTE);
    await t.app.jobs.run("release-anonymous-activity");
    const before = await anonymousActivityOf(t, ada, posts.ada);
    expect(viewCounts(before)).toEqual([1, 1]);

    expect((await blockMember(t, ada, sam)).statusCode).toBe(201);
    const held = (await t.db.select().from(anonymousActivityPending)).length;

    const answers = await visitAll(t, [sam, cy], both);
    // Sam, anonymous, finds nothing of Ada's: the search is empty and the view answers as a missing post's.
    const samAtAda = answers.get(`${sam.user.id} ${posts.ada.id}`);
    const missing = await viewPost(t, sam, { id: randomUUID(), postName: "Nothing here" });
    expect(samAtAda).toEqual({ found: [], view: [missing.statusCode, missing.json()] });
    expect(answers.get(`${sam.user.id} ${posts.bea.id}`)?.found).toHaveLength(1);

    // Held like any anonymous visit: nothing Ada can observe changes now, and all eight visits wait for their
    // release, Sam's at Ada too.
    expect(await anonymousActivityOf(t, ada, posts.ada)).toEqual(before);
    expect((await t.db.select().from(anonymousActivityPending)).length).toBe(held + 8);

    clock.advance(2 * MINUTE);
    await t.app.jobs.run("release-anonymous-activity");
    const afterAda = await anonymousActivityOf(t, ada, posts.ada);
    // Both pseudonyms moved, and Ada sees what Bea, who blocked nobody, sees.
    expect(viewCounts(afterAda)).toEqual([2, 2]);
    expect(afterAda.list).toHaveLength(8);
    expect(afterAda).toEqual(await anonymousActivityOf(t, bea, posts.bea));
  });
});
