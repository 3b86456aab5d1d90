import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLEANUP_MESSAGES } from "#contract/api/admin-cleanup.ts";
import { CLEANUP_AUDIT_IDS, CLEANUP_MAX_ITEMS } from "#contract/limits.ts";
import { profiles, searchAnalytics, sessions, taggedPosts, taggs, uploads } from "#server/db/schema/index.ts";
import { addDays, startOfUtcDay, utcDay } from "#server/lib/days.ts";
import {
  asMember,
  createPost,
  registerMember,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const DAY = 86_400_000;

/** The app's clock starts at the real time, so rows the database stamps `now()` line up with it. */
async function setup() {
  const clock = manualClock(new Date());
  const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) }, clock });
  const admin = await signInAsAdmin(t);
  const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);
  type Body = Record<string, unknown>;
  const call = (url: string, payload: Body) =>
    t.app.inject({ method: "POST", url: `/api/admin/cleanup/${url}`, headers: admin.headers, payload });
  const search = async (database: string, days: number) => {
    const res = await call("search", { database, days });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      items: { id: string; identifier: string; lastActivity: string; daysInactive: number }[];
    };
  };
  const remove = async (database: string, days: number, ids: string[]) => {
    const res = await call("delete", { database, days, ids });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deleted as number;
  };
  /** The log's cleanup rows: one per run (decision 055), newest first. */
  const cleanupAudit = async () =>
    (
      await t.app.inject({ url: "/api/admin/audit-log?action=cleanup.run&limit=200", headers: admin.headers })
    ).json().items as {
      targetType: string;
      targetId: string;
      summary: { after: { days: number; deleted: number; ids: string[]; idsLeftOut: number } };
    }[];
  return { t, clock, admin, daysAgo, call, search, remove, cleanupAudit };
}

const addTagg = (t: TestApp, tagg: string, createdAt: Date) =>
  t.db
    .insert(taggs)
    .values({ tagg, firstName: "A", lastName: "B", email: `${tagg}@example.com`, createdAt })
    .returning()
    .then((rows) => rows[0]?.id as string);

describe("the admin Data cleanup", () => {
  it("refuses an unknown database, days other than 30/60/90 and an empty selection, changing nothing", async () => {
    const { t, call } = await setup();
    const before = await fingerprintAll(t.db);
    const days = await call("search", { database: "taggs", days: 45 });
    expect(days.statusCode).toBe(400);
    expect(days.json().fields).toEqual({ days: CLEANUP_MESSAGES.days });
    const database = await call("search", { database: "users", days: 30 });
    expect(database.json().fields).toEqual({ database: CLEANUP_MESSAGES.database });
    for (const payload of [{ database: "taggs", ids: [] }, { database: "taggs" }]) {
      const res = await call("delete", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation",
        fields: { ids: CLEANUP_MESSAGES.noneSelected },
      });
    }
    const tooMany = Array.from({ length: CLEANUP_MAX_ITEMS + 1 }, () => crypto.randomUUID());
    expect((await call("delete", { database: "posts", ids: tooMany })).json().fields).toEqual({
      ids: CLEANUP_MESSAGES.tooMany,
    });
    expect((await call("delete", { database: "posts", ids: ["not-a-uuid"] })).statusCode).toBe(400);
    expect(await fingerprintAll(t.db)).toEqual(before);
  });

  it("finds taggs no member holds, registered that long ago, and deletes only those that still match", async () => {
    const { t, daysAgo, search, remove, cleanupAudit } = await setup();
    const old = await addTagg(t, "old_free", daysAgo(61));
    const recent = await addTagg(t, "recent_free", daysAgo(10));
    const claimedLater = await addTagg(t, "claimed_later", daysAgo(95));
    const member = await registerMember(t);
    const held = await addTagg(t, "held_old", daysAgo(100));
    await t.db.update(profiles).set({ tagg: "held_old" }).where(eq(profiles.id, member.user.id));

    const found = await search("taggs", 60);
    expect(found).toEqual({
      total: 2,
      items: [
        {
          id: claimedLater,
          identifier: "claimed_later",
          lastActivity: daysAgo(95).toISOString(),
          daysInactive: 95,
        },
        { id: old, identifier: "old_free", lastActivity: daysAgo(61).toISOString(), daysInactive: 61 },
      ],
    });
    expect((await search("taggs", 90)).items.map((item) => item.id)).toEqual([claimedLater]);

    // A member claims one between the search and the delete: it stays.
    const claimer = await registerMember(t);
    await t.db.update(profiles).set({ tagg: "claimed_later" }).where(eq(profiles.id, claimer.user.id));
    expect(await remove("taggs", 60, [old, recent, held, claimedLater])).toBe(1);
    const left = await t.db.select({ tagg: taggs.tagg }).from(taggs);
    expect(left.map((row) => row.tagg).sort()).toEqual(["claimed_later", "held_old", "recent_free"]);
    expect(await cleanupAudit()).toEqual([
      expect.objectContaining({
        targetType: "cleanup",
        targetId: "taggs",
        summary: { after: { days: 60, deleted: 1, ids: [old], idsLeftOut: 0 } },
      }),
    ]);
  });

  it("writes one audit row per run, with the count and the first ids, and none for a run that deleted nothing", async () => {
    const { t, daysAgo, remove, cleanupAudit } = await setup();
    const n = CLEANUP_AUDIT_IDS + 5;
    const ids = (
      await t.db
        .insert(taggs)
        .values(
          Array.from({ length: n }, (_, i) => ({
            tagg: `bulk_${i}`,
            firstName: "A",
            lastName: "B",
            email: `bulk_${i}@example.com`,
            createdAt: daysAgo(40),
          })),
        )
        .returning({ id: taggs.id })
    ).map((row) => row.id);
    expect(await remove("taggs", 30, ids)).toBe(n);
    const rows = await cleanupAudit();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: "cleanup", targetId: "taggs" });
    expect(rows[0]?.summary.after).toMatchObject({ days: 30, deleted: n, idsLeftOut: 5 });
    expect(rows[0]?.summary.after.ids).toHaveLength(CLEANUP_AUDIT_IDS);
    expect(ids).toEqual(expect.arrayContaining(rows[0]?.summary.after.ids ?? []));
    // Nothing left to delete: no row.
    expect(await remove("taggs", 30, ids)).toBe(0);
    expect(await cleanupAudit()).toHaveLength(1);
  });

  it("answers at most the cap, oldest first, with the full total", async () => {
    const { t, daysAgo, search } = await setup();
    await t.db.insert(taggs).values(
      Array.from({ length: CLEANUP_MAX_ITEMS + 1 }, (_, i) => ({
        tagg: `bulk_${i}`,
        firstName: "A",
        lastName: "B",
        email: `bulk_${i}@example.com`,
        createdAt: daysAgo(40 + i / 1000),
      })),
    );
    const found = await search("taggs", 30);
    expect(found.total).toBe(CLEANUP_MAX_ITEMS + 1);
    expect(found.items).toHaveLength(CLEANUP_MAX_ITEMS);
    expect(found.items[0]?.identifier).toBe(`bulk_${CLEANUP_MAX_ITEMS}`);
  });

  it("finds profiles by last active day (or creation day), answered as days, and spares one who came back", async () => {
    const { t, admin, daysAgo, search, remove, cleanupAudit } = await setup();
    const dayOf = (days: number) => startOfUtcDay(daysAgo(days)).toISOString();
    const gone = await registerMember(t);
    const returning = await registerMember(t);
    const active = await registerMember(t);
    await createPost(t, gone, "Left behind");
    await t.db
      .update(profiles)
      .set({ lastActive: utcDay(daysAgo(95)) })
      .where(eq(profiles.id, gone.user.id));
    await t.db
      .update(profiles)
      .set({ lastActive: null, createdAt: daysAgo(70) })
      .where(eq(profiles.id, returning.user.id));
    // Even a long-idle administrator is never offered to themselves.
    await t.db
      .update(profiles)
      .set({ lastActive: utcDay(daysAgo(200)) })
      .where(eq(profiles.id, admin.user.id));

    // The last activity is the UTC midnight starting the day: never the time of day the member came.
    const found = await search("profiles", 60);
    expect(found.items).toEqual([
      { id: gone.user.id, identifier: gone.input.email, lastActivity: dayOf(95), daysInactive: 95 },
      { id: returning.user.id, identifier: returning.input.email, lastActivity: dayOf(70), daysInactive: 70 },
    ]);
    expect(found.total).toBe(2);
    expect((await search("profiles", 90)).items.map((item) => item.id)).toEqual([gone.user.id]);

    // Any signed-in request moves lastActive: the member is active again.
    expect(
      (await t.app.inject({ url: "/api/profile", headers: { cookie: returning.cookie } })).statusCode,
    ).toBe(200);
    expect(
      await remove("profiles", 60, [gone.user.id, returning.user.id, active.user.id, admin.user.id]),
    ).toBe(1);
    const left = await t.db.select({ id: profiles.id }).from(profiles);
    expect(left.map((row) => row.id).sort()).toEqual(
      [admin.user.id, returning.user.id, active.user.id].sort(),
    );
    // The member's own deletion path: posts and files went with the account.
    expect(await t.db.select().from(taggedPosts).where(eq(taggedPosts.userId, gone.user.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, gone.user.id))).toEqual([]);
    expect(await readdir(path.join(t.dataDir, "uploads"))).toEqual([]);
    expect(await cleanupAudit()).toEqual([
      expect.objectContaining({
        targetType: "cleanup",
        targetId: "profiles",
        summary: { after: { days: 60, deleted: 1, ids: [gone.user.id], idsLeftOut: 0 } },
      }),
    ]);
  });

  it("deletes profiles one by one and keeps the run's one audit row saying all that went", async () => {
    const { t, admin, daysAgo, remove, cleanupAudit } = await setup();
    const members = [await registerMember(t), await registerMember(t), await registerMember(t)];
    for (const member of members) {
      await t.db
        .update(profiles)
        .set({ lastActive: utcDay(daysAgo(40)) })
        .where(eq(profiles.id, member.user.id));
    }
    const ids = members.map((member) => member.user.id);
    expect(await remove("profiles", 30, ids)).toBe(3);
    expect(await cleanupAudit()).toEqual([
      expect.objectContaining({
        targetType: "cleanup",
        targetId: "profiles",
        summary: { after: { days: 30, deleted: 3, ids, idsLeftOut: 0 } },
      }),
    ]); // "Who removed this member?": a search for the id finds the run.
    const found = await t.app.inject({
      url: `/api/admin/audit-log?search=${ids[1]}`,
      headers: admin.headers,
    });
    expect(found.json().items).toEqual([
      expect.objectContaining({ action: "cleanup.run", targetId: "profiles" }),
    ]);
  });

  it("finds posts neither found nor viewed since, named by their first 50 characters, and deletes their files", async () => {
    const { t, daysAgo, search, remove, cleanupAudit } = await setup();
    const owner = await registerMember(t);
    const viewer = await registerMember(t);
    const longName = `${"A very long post name about the harbour ".repeat(2)}at dusk`;
    const forgotten = await createPost(t, owner, longName);
    const revisited = await createPost(t, owner, "Viewed again");
    const popular = await createPost(t, owner, "Viewed recently");
    const fresh = await createPost(t, owner, "Brand new");
    const view = (post: { id: string; postName: string }, by = viewer) =>
      t.app.inject({
        method: "POST",
        url: "/api/track-search",
        headers: asMember(by.cookie),
        payload: { searchTerm: post.postName, action: "view", postId: post.id },
      });
    await view(revisited);
    await view(popular);
    await t.db
      .update(taggedPosts)
      .set({ createdAt: daysAgo(40) })
      .where(inArray(taggedPosts.id, [forgotten.id, revisited.id, popular.id]));
    await t.db
      .update(searchAnalytics)
      .set({ createdAt: daysAgo(35) })
      .where(eq(searchAnalytics.postId, revisited.id));
    await t.db
      .update(searchAnalytics)
      .set({ createdAt: daysAgo(5) })
      .where(eq(searchAnalytics.postId, popular.id));

    const found = await search("posts", 30);
    expect(found.items).toEqual([
      {
        id: forgotten.id,
        identifier: longName.slice(0, 50),
        lastActivity: daysAgo(40).toISOString(),
        daysInactive: 40,
      },
      {
        id: revisited.id,
        identifier: "Viewed again",
        lastActivity: daysAgo(35).toISOString(),
        daysInactive: 35,
      },
    ]);
    expect((await search("posts", 60)).total).toBe(0);

    // Viewed again (by someone else: the same viewer's repeat within seconds is not recorded) before the delete:
    // it stays.
    await view(revisited, await registerMember(t));
    const filesBefore = (await readdir(path.join(t.dataDir, "uploads"))).length;
    expect(await remove("posts", 30, [forgotten.id, revisited.id, popular.id, fresh.id])).toBe(1);
    const left = await t.db.select({ id: taggedPosts.id }).from(taggedPosts);
    expect(left.map((row) => row.id).sort()).toEqual([revisited.id, popular.id, fresh.id].sort());
    expect((await readdir(path.join(t.dataDir, "uploads"))).length).toBe(filesBefore - 3);
    expect(
      await t.db.select().from(uploads).where(eq(uploads.originalPath, forgotten.originalImage)),
    ).toEqual([]);
    expect((await cleanupAudit()).map((row) => [row.targetId, row.summary.after])).toEqual([
      ["posts", { days: 30, deleted: 1, ids: [forgotten.id], idsLeftOut: 0 }],
    ]);
  });

  it("finds sessions idle or expired that long, answered as days, and ends only those still idle", async () => {
    const { t, daysAgo, search, remove, cleanupAudit } = await setup();
    const dayOf = (days: number) => startOfUtcDay(daysAgo(days));
    const member = await registerMember(t);
    const other = await registerMember(t);
    const [stale] = await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
    const [revived] = await t.db.select().from(sessions).where(eq(sessions.userId, other.user.id));
    if (!stale || !revived) throw new Error("no sessions");
    // Expiries are UTC midnights: the one that ends the day of the last use, 30 days on. Expired four days ago
    // at midnight: last used 35 days ago.
    await t.db
      .update(sessions)
      .set({ expiresAt: dayOf(4) })
      .where(eq(sessions.id, stale.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: dayOf(0) })
      .where(eq(sessions.id, revived.id));

    const found = await search("sessions", 30);
    expect(found.items).toEqual([
      {
        id: stale.id,
        identifier: member.input.email,
        lastActivity: dayOf(35).toISOString(),
        daysInactive: 35,
      },
      {
        id: revived.id,
        identifier: other.input.email,
        lastActivity: dayOf(31).toISOString(),
        daysInactive: 31,
      },
    ]);
    expect((await search("sessions", 60)).total).toBe(0);

    // Used (its expiry slid forward) between the search and the delete: it stays.
    await t.db
      .update(sessions)
      .set({ expiresAt: addDays(dayOf(0), 31) })
      .where(eq(sessions.id, revived.id));
    expect(await remove("sessions", 30, [stale.id, revived.id])).toBe(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, stale.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, revived.id))).toHaveLength(1);
    expect((await cleanupAudit()).map((row) => [row.targetId, row.summary.after])).toEqual([
      ["sessions", { days: 30, deleted: 1, ids: [stale.id], idsLeftOut: 0 }],
    ]);
  });
});
