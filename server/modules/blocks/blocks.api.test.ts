import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BLOCK_MESSAGES } from "#contract/api/blocks.ts";
import { MAX_BLOCKS } from "#contract/limits.ts";
import { blocks, profiles, searchAnalytics, taggs } from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  giveTagg,
  insertMembers,
  registerMember,
  SAME_ORIGIN,
} from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const block = (t: TestApp, member: Member, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/blocks", headers: asMember(member.cookie), payload });
const listBlocks = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/blocks", headers: { cookie: member.cookie } })).json();
const unblock = (t: TestApp, member: Member, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/blocks/${id}`, headers: asMember(member.cookie) });
const search = (t: TestApp, member: Member, term: string) =>
  t.app.inject({
    url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
    headers: { cookie: member.cookie },
  });
const view = (t: TestApp, member: Member, postId: string, searchTerm: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: asMember(member.cookie),
    payload: { searchTerm, action: "view", postId },
  });
const analytics = async (t: TestApp, owner: Member) =>
  (await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: owner.cookie } })).json() as {
    visitorName: string;
  }[];

async function ownerAndStalker() {
  const t = await createTestApp();
  const ada = await registerMember(t);
  await giveTagg(t, ada, "ada_l");
  const post = await createPost(t, ada, "Analytical Engine");
  const sam = await registerMember(t, { firstName: "Sam", lastName: "Stalker" });
  await giveTagg(t, sam, "sam_s");
  return { t, ada, sam, post };
}

describe("blocking a member", () => {
  it("blocks by id or tagg, lists the block, refuses oneself, nobody and a second time, and unblocks", async () => {
    const { t, ada, sam } = await ownerAndStalker();
    const byId = await block(t, ada, { memberId: sam.user.id });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toEqual({
      id: expect.any(String),
      member: { id: sam.user.id, firstName: "Sam", lastName: "Stalker", tagg: "sam_s" },
      createdAt: expect.any(String),
    });
    expect(await listBlocks(t, ada)).toEqual([byId.json()]);

    expect((await block(t, ada, { tagg: " @SAM_S " })).json()).toEqual({
      error: BLOCK_MESSAGES.already,
      code: "conflict",
      fields: { tagg: BLOCK_MESSAGES.already },
    });
    expect((await block(t, ada, { memberId: ada.user.id })).json().code).toBe("validation");
    expect((await block(t, ada, { tagg: "ada_l" })).statusCode).toBe(400);
    expect((await block(t, ada, { memberId: randomUUID() })).json()).toEqual({
      error: BLOCK_MESSAGES.notFound,
      code: "not_found",
      fields: { memberId: BLOCK_MESSAGES.notFound },
    });
    expect((await block(t, ada, { tagg: "nobody_here" })).statusCode).toBe(404);

    // Another member cannot lift Ada's block.
    expect((await unblock(t, sam, byId.json().id)).statusCode).toBe(404);
    expect((await unblock(t, ada, byId.json().id)).statusCode).toBe(204);
    expect(await listBlocks(t, ada)).toEqual([]);
    expect((await block(t, ada, { tagg: "@sam_s" })).statusCode).toBe(201);
  });

  it("keeps a hidden member's name out of a block made by tagg", async () => {
    const { t, ada, sam } = await ownerAndStalker();
    await t.db.update(profiles).set({ isHidden: true }).where(eq(profiles.id, sam.user.id));
    const res = await block(t, ada, { tagg: "sam_s" });
    expect(res.json().member).toEqual({ id: sam.user.id, firstName: null, lastName: null, tagg: "sam_s" });
  });

  it("by tagg, shows no more of the member than a search of that tagg does, then and in the list", async () => {
    const { t, ada, sam } = await ownerAndStalker();
    const bea = await registerMember(t, { firstName: "Bea", lastName: "Private" });
    await giveTagg(t, bea, "bea_p");
    await createPost(t, bea, "Bea's secret", { hidePersonalInfo: true });
    const cy = await registerMember(t, { firstName: "Cy", lastName: "Postless" });
    await giveTagg(t, cy, "cy_p");

    // A search of either tagg shows no name: every post of Bea's hides it, and Cy has none.
    expect((await search(t, ada, "bea_p")).json()).toEqual([]);
    const byTagg = [
      (await block(t, ada, { tagg: "bea_p" })).json(),
      (await block(t, ada, { tagg: "@CY_P" })).json(),
    ];
    expect(byTagg.map((made) => made.member)).toEqual([
      { id: bea.user.id, firstName: null, lastName: null, tagg: "bea_p" },
      { id: cy.user.id, firstName: null, lastName: null, tagg: "cy_p" },
    ]);
    // Sam's tagg shows his name in a search, so the block does too.
    expect((await search(t, ada, "sam_s")).json()).toEqual([]);
    await createPost(t, sam, "Sam's open post");
    expect((await search(t, ada, "sam_s")).json()[0]).toMatchObject({
      firstName: "Sam",
      lastName: "Stalker",
    });
    const samBlock = (await block(t, ada, { tagg: "sam_s" })).json();
    expect(samBlock.member).toEqual({
      id: sam.user.id,
      firstName: "Sam",
      lastName: "Stalker",
      tagg: "sam_s",
    });

    // The list (and so the data export) keeps to what the block showed, even once Bea shows a post openly.
    await createPost(t, bea, "Bea's open post");
    expect(await listBlocks(t, ada)).toEqual([...byTagg, samBlock]);
  });

  it("answers an admin-hidden tagg as an unknown one", async () => {
    const { t, ada, sam } = await ownerAndStalker();
    await t.db.update(taggs).set({ isHidden: true }).where(eq(taggs.tagg, "sam_s"));
    const hidden = await block(t, ada, { tagg: "sam_s" });
    const unknown = await block(t, ada, { tagg: "nobody_here" });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, unknown.json()]);
    expect(await listBlocks(t, ada)).toEqual([]);
    // By id, from a named row, Sam can still be blocked.
    expect((await block(t, ada, { memberId: sam.user.id })).statusCode).toBe(201);
  });

  it(`allows at most ${MAX_BLOCKS} blocks`, async () => {
    const { t, ada, sam } = await ownerAndStalker();
    const others = await insertMembers(t, MAX_BLOCKS);
    await t.db
      .insert(blocks)
      .values(others.slice(1).map((id) => ({ blockerId: ada.user.id, blockedId: id })));
    expect((await block(t, ada, { memberId: others[0] })).statusCode).toBe(201);
    expect((await block(t, ada, { memberId: sam.user.id })).json()).toEqual({
      error: BLOCK_MESSAGES.tooMany,
      code: "conflict",
      fields: { memberId: BLOCK_MESSAGES.tooMany },
    });
  });
});

describe("for the blocked member the blocker's posts do not exist", () => {
  it("finds nothing by name or tagg, records nothing, and gets the answers a missing post gets", async () => {
    const { t, ada, sam, post } = await ownerAndStalker();
    expect((await search(t, sam, "Analytical Engine")).json()).toHaveLength(1);
    await block(t, ada, { memberId: sam.user.id });
    const before = await t.db.select().from(searchAnalytics);

    expect((await search(t, sam, "Analytical Engine")).json()).toEqual([]);
    expect((await search(t, sam, "@ada_l")).json()).toEqual([]);
    const blockedView = await view(t, sam, post.id, "Analytical Engine");
    const missingView = await view(t, sam, randomUUID(), "Analytical Engine");
    expect([blockedView.statusCode, blockedView.json()]).toEqual([
      missingView.statusCode,
      missingView.json(),
    ]);
    expect(await t.db.select().from(searchAnalytics)).toEqual(before);

    // Everyone else still finds the post.
    const bea = await registerMember(t);
    expect((await search(t, bea, "Analytical Engine")).json()).toHaveLength(1);
  });

  it("gets a 404 for every image of the blocker's, public ones too, while others get them", async () => {
    const { t, ada, sam, post } = await ownerAndStalker();
    const image = (member: Member) =>
      t.app.inject({ url: post.originalImage, headers: { cookie: member.cookie } });
    expect((await image(sam)).statusCode).toBe(200);
    await block(t, ada, { memberId: sam.user.id });
    const blocked = await image(sam);
    const missing = await t.app.inject({ url: "/uploads/nothing-here.jpg", headers: { cookie: sam.cookie } });
    expect([blocked.statusCode, blocked.json()]).toEqual([missing.statusCode, missing.json()]);
    expect((await image(ada)).statusCode).toBe(200);
    expect((await image(await registerMember(t))).statusCode).toBe(200);
  });

  it("finds everything again after an unblock", async () => {
    const { t, ada, sam } = await ownerAndStalker();
    const { id } = (await block(t, ada, { memberId: sam.user.id })).json();
    await unblock(t, ada, id);
    expect((await search(t, sam, "ada_l")).json()).toHaveLength(1);
  });
});

describe("the blocker's lists", () => {
  it("stop showing the blocked member's past rows (they stay stored) and show them again after an unblock", async () => {
    const { t, ada, sam, post } = await ownerAndStalker();
    await view(t, sam, post.id, "Analytical Engine");
    const first = await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: ada.cookie } });
    expect(first.json().map((row: { visitorName: string }) => row.visitorName)).toContain("Sam Stalker");
    const viewers = async () =>
      (await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: ada.cookie } })).json();
    expect(JSON.stringify(await viewers())).toContain("Stalker");

    const { id } = (await block(t, ada, { memberId: sam.user.id })).json();
    await t.app.changes.sync();
    // The list's tag changed with the block: the poll with the old tag gets the new list, not a 304.
    const after = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { cookie: ada.cookie, "if-none-match": String(first.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(JSON.stringify(after.json())).not.toContain("Stalker");
    expect(JSON.stringify(await viewers())).not.toContain("Stalker");
    expect(
      await t.db.select().from(searchAnalytics).where(eq(searchAnalytics.visitorId, sam.user.id)),
    ).toHaveLength(1);

    await unblock(t, ada, id);
    await t.app.changes.sync();
    expect((await analytics(t, ada)).map((row) => row.visitorName)).toContain("Sam Stalker");
  });
});

describe("the blocks routes", () => {
  it("need a session", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/blocks" })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "POST", url: "/api/blocks", headers: SAME_ORIGIN, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
