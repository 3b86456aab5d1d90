import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anonymityKeys, anonymousActivityPending, searchAnalytics } from "#server/db/schema/index.ts";
import { createSecretBox } from "#server/lib/secret-box.ts";
import {
  asMember,
  createPost,
  giveTagg,
  registerMember,
  SAME_ORIGIN,
  setPrivacyMode,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { openSse } from "#server/test/sse-client.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * Anonymity tried as an attacker would: the owner watching their own answers and clock, and someone holding a
 * copy of the database, and an administrator. Anonymous activity here is released one minute after its one-minute bucket, without
 * jitter, so the tests can drive the clock through a release.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
const MINUTE = 60_000;
const DAY = 86_400_000;

async function setup(keyDays = 30) {
  // 12:00:20 — inside a bucket, so its start is visibly rounded.
  const clock = manualClock(new Date("2026-03-02T12:00:20.000Z"));
  const t = await createTestApp({
    clock,
    config: { anonymity: { releaseMinutes: 1, jitterMinutes: 0, minVisitors: 1, keyDays } },
  });
  const member = (firstName: string) => registerMember(t, { firstName, lastName: "Test" });
  const [ada, bob, cy, dee] = [
    await member("Ada"),
    await member("Bob"),
    await member("Cy"),
    await member("Dee"),
  ];
  await giveTagg(t, bob, "bob_t");
  const posts = {
    ada: await createPost(t, ada, "Ada's lighthouse"),
    cy: await createPost(t, cy, "Cy's harbour"),
    dee: await createPost(t, dee, "Dee's pier"),
  };
  return { t, clock, ada, bob, cy, dee, posts };
}

const view = (t: TestApp, visitor: Member, post: { id: string; postName: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: { ...asMember(visitor.cookie), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
    remoteAddress: "198.51.100.23",
    payload: { searchTerm: post.postName, action: "view", postId: post.id },
  });

const releaseJob = (t: TestApp) => t.app.jobs.run("release-anonymous-activity");

/** Every answer about its visitors an owner can ask for, with the list's ETag. */
async function ownerObserves(t: TestApp, owner: Member, postId: string) {
  const get = (url: string) => t.app.inject({ url, headers: { cookie: owner.cookie } });
  const list = await get("/api/tagg-analytics");
  return {
    etag: list.headers.etag,
    list: list.json(),
    unique: (await get("/api/unique-viewers")).json(),
    viewers: (await get(`/api/posts/${postId}/viewers`)).json(),
    highest: (await get("/api/highest-viewed-post")).json(),
    notices: (await get("/api/notices")).json(),
  };
}

/** The rows a raw query answers (both drivers answer `{ rows }`). */
async function query(t: TestApp, statement: ReturnType<typeof sql>) {
  return ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Every row of every table, as text: what a copy of the database holds. */
async function databaseCopy(t: TestApp) {
  const tables = await query(t, sql`select tablename from pg_tables where schemaname = 'public'`);
  const dump: Record<string, Record<string, unknown>[]> = {};
  for (const { tablename } of tables) {
    dump[String(tablename)] = await query(t, sql`select * from ${sql.identifier(String(tablename))}`);
  }
  return dump;
}

describe("a copy of the database", () => {
  it("cannot tie an anonymous row to the member: no stored value is shared with any row naming them", async () => {
    const { t, clock, bob, cy, dee, posts } = await setup();
    await view(t, bob, posts.ada); // by name at Ada
    await setPrivacyMode(t, bob, "pause");
    clock.advance(6_000);
    await view(t, bob, posts.cy); // anonymously at Cy and at Dee
    await view(t, bob, posts.dee);
    clock.advance(2 * MINUTE);
    await releaseJob(t);

    const rows = await t.db.select().from(searchAnalytics);
    const named = rows.filter((row) => row.visitorId === bob.user.id);
    const anonymous = rows.filter((row) => row.visitorId === null);
    expect(named).toHaveLength(1);
    expect(anonymous.map((row) => row.targetUserId).sort()).toEqual([cy.user.id, dee.user.id].sort());

    // The join that used to name every anonymous visitor finds nothing, on any column that stands for someone.
    const joined = await query(
      t,
      sql`
      select 1 from search_analytics a join search_analytics n on n.visitor_id is not null
      where a.visitor_id is null
        and a.pseudonym in (n.pseudonym, n.visitor_id::text, n.ip_address, n.user_agent, n.visitor_name)`,
    );
    expect(joined).toEqual([]);

    // Each anonymous row holds nothing about the visitor but its pseudonym, and the two owners' differ.
    for (const row of anonymous) {
      expect(row).toMatchObject({
        visitorName: "Anonymous User",
        ipAddress: null,
        userAgent: null,
        guest: false,
      });
      expect(row.pseudonym).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(anonymous.map((row) => row.pseudonym)).size).toBe(2);

    // No pseudonym appears anywhere else in the database, and nothing naming Bob appears on those rows.
    const copy = await databaseCopy(t);
    const elsewhere = JSON.stringify({
      ...copy,
      search_analytics: copy.search_analytics?.filter((row) => row.visitor_id !== null),
    });
    for (const row of anonymous) expect(elsewhere).not.toContain(String(row.pseudonym));
    const anonymousText = JSON.stringify(anonymous);
    for (const value of [bob.user.id, bob.input.email, "Bob", "bob_t", "198.51.100.23", "Firefox"]) {
      expect(anonymousText).not.toContain(value);
    }
    // Their times are the bucket's start, nothing finer.
    for (const row of anonymous) expect(row.createdAt.toISOString()).toBe("2026-03-02T12:00:00.000Z");
  });

  it("holds the pseudonym keys only sealed: the copy alone cannot recompute a pseudonym, the key holder can until the key is retired", async () => {
    const { t, clock, bob, cy, posts } = await setup(1);
    await setPrivacyMode(t, bob, "pause");
    await view(t, bob, posts.cy);
    clock.advance(2 * MINUTE);
    await releaseJob(t);
    const [row] = await t.db.select().from(searchAnalytics);
    const [key] = await t.db.select().from(anonymityKeys);
    const message = `${cy.user.id}\nmember:${bob.user.id}`;
    const hmac = (secret: Buffer | string) => createHmac("sha256", secret).update(message).digest("hex");

    // With only the database: the sealed key is not the key.
    expect(hmac(String(key?.sealedKey))).not.toBe(row?.pseudonym);
    // An operator holding APP_SECRET can open it while it lives (the threat model says so)…
    const opened = Buffer.from(
      createSecretBox(t.config.appSecret, "anonymityKey").open(String(key?.sealedKey), String(key?.epoch)),
      "base64",
    );
    expect(hmac(opened)).toBe(row?.pseudonym);

    // …and nobody can once it is retired: rotation deletes it, and the same visitor gets a new pseudonym.
    clock.advance(DAY / 2);
    expect(await t.app.jobs.run("rotate-anonymity-key")).toEqual({ rotated: false, epoch: 1 });
    clock.advance(DAY);
    expect(await t.app.jobs.run("rotate-anonymity-key")).toEqual({ rotated: true, epoch: 2 });
    const keys = await t.db.select().from(anonymityKeys);
    expect(keys.map((k) => k.epoch)).toEqual([2]);
    expect(JSON.stringify(await databaseCopy(t))).not.toContain(String(key?.sealedKey));
    await view(t, bob, posts.cy);
    clock.advance(2 * MINUTE);
    await releaseJob(t);
    const pseudonyms = (await t.db.select().from(searchAnalytics)).map((r) => r.pseudonym);
    expect(new Set(pseudonyms).size).toBe(2);
    // Once per owner per epoch: Cy now counts two anonymous viewers.
    const unique = await t.app.inject({ url: "/api/unique-viewers", headers: { cookie: cy.cookie } });
    expect(unique.json()).toEqual({ totalUnique: 2 });
  });

  it("keeps nothing of a signed-out visitor but a per-owner pseudonym of their address and browser family", async () => {
    const { t, clock, ada, posts } = await setup();
    const guestView = (userAgent: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/track-search",
        headers: { ...SAME_ORIGIN, "user-agent": userAgent },
        remoteAddress: "203.0.113.9",
        payload: { searchTerm: posts.ada.postName, action: "view", postId: posts.ada.id },
      });
    await guestView("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0.0.0 Safari/537.36");
    clock.advance(6_000);
    // The same browser, updated: still one visitor.
    await guestView("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36");
    clock.advance(2 * MINUTE);
    await releaseJob(t);
    const rows = await t.db.select().from(searchAnalytics);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ visitorId: null, ipAddress: null, userAgent: null, guest: true });
      expect(JSON.stringify(row)).not.toMatch(/203\.0\.113\.9|Chrome|Windows/);
    }
    const unique = await t.app.inject({ url: "/api/unique-viewers", headers: { cookie: ada.cookie } });
    expect(unique.json()).toEqual({ totalUnique: 1 });
  });
});

describe("the owner's clock", () => {
  it("sees nothing change at the moment of an anonymous view, and the view only after its bucket, at the bucket's start", async () => {
    const { t, clock, ada, bob, posts } = await setup();
    await view(t, await registerMember(t, { firstName: "Eve" }), posts.ada); // a named viewer first
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openSse(`${address}/api/events`, { cookie: ada.cookie });
    await stream.until(() => stream.events.some((e) => e.event === "ready"), "ready");
    const before = await ownerObserves(t, ada, posts.ada.id);
    expect(before.list).toHaveLength(1);

    await setPrivacyMode(t, bob, "pause");
    clock.advance(10_000);
    expect((await view(t, bob, posts.ada)).json()).toEqual({ recorded: 1, skipped: null });
    await t.app.changes.sync();
    // Right now: the ETag still answers 304, and every answer is the same as before.
    const poll = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { cookie: ada.cookie, "if-none-match": String(before.etag) },
    });
    expect(poll.statusCode).toBe(304);
    expect(await ownerObserves(t, ada, posts.ada.id)).toEqual(before);
    // Still nothing while the bucket (12:00–12:01) lasts, job or not.
    clock.advance(20_000);
    expect(await releaseJob(t)).toEqual({ released: 0 });
    expect(await ownerObserves(t, ada, posts.ada.id)).toEqual(before);

    clock.advance(MINUTE);
    expect(await releaseJob(t)).toEqual({ released: 1 });
    const after = await ownerObserves(t, ada, posts.ada.id);
    expect(after.etag).not.toBe(before.etag);
    expect(after.list).toHaveLength(2);
    const released = after.list.find((e: { visitorId: string | null }) => e.visitorId === null);
    expect(released).toMatchObject({
      visitorName: "Anonymous User",
      createdAt: "2026-03-02T12:00:00.000Z",
      timeWindowMinutes: 1,
    });
    expect(after.unique).toEqual({ totalUnique: 2 });
    expect(after.viewers.totalUnique).toBe(2);
    // The live stream carried nothing at the moment, and carries the release now.
    await stream.until(
      () => stream.events.some((e) => e.event === "analytics" && e.data.includes("Anonymous")),
      "the release",
    );
    const analyticsEvents = stream.events.filter((e) => e.event === "analytics");
    expect(analyticsEvents).toHaveLength(1);
    expect(analyticsEvents[0]?.data).toContain('"createdAt":"2026-03-02T12:00:00.000Z"');
    stream.close();
  });

  it("stores no finer time for held activity than it will show, and releases it within the jitter after the bucket", async () => {
    const clock = manualClock(new Date("2026-03-02T12:34:56.789Z"));
    const t = await createTestApp({
      clock,
      config: { anonymity: { releaseMinutes: 60, jitterMinutes: 30, minVisitors: 1, keyDays: 30 } },
    });
    const ada = await registerMember(t);
    const post = await createPost(t, ada, "Ada's lighthouse");
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/track-search",
        headers: SAME_ORIGIN,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { searchTerm: post.postName, action: "view", postId: post.id },
      });
    }
    const held = await t.db.select().from(anonymousActivityPending);
    expect(held).toHaveLength(20);
    const bucketEnd = Date.parse("2026-03-02T13:00:00.000Z");
    for (const row of held) {
      expect(row.bucketStart.toISOString()).toBe("2026-03-02T12:00:00.000Z");
      expect(row.releaseAt.getTime()).toBeGreaterThanOrEqual(bucketEnd);
      expect(row.releaseAt.getTime()).toBeLessThanOrEqual(bucketEnd + 30 * MINUTE);
    }
    expect(new Set(held.map((row) => row.releaseAt.getTime())).size).toBeGreaterThan(1);
    // No stored instant falls at the visit's minute (a release time's "13:12:34" is not one: it is random).
    expect(JSON.stringify(held)).not.toContain("T12:34");
    clock.advance(24 * MINUTE);
    expect(await releaseJob(t)).toEqual({ released: 0 });
    clock.advance(32 * MINUTE);
    expect(await releaseJob(t)).toEqual({ released: 20 });
  });
});

describe("links and history", () => {
  it("never records a member by name from a cross-site navigation", async () => {
    const { t, clock, ada, bob, posts } = await setup();
    const res = await t.app.inject({
      url: `/api/public/tagged-posts?search=${encodeURIComponent(posts.ada.postName)}`,
      headers: { cookie: bob.cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(res.json()).toHaveLength(1);
    const list = (await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: ada.cookie } })).json();
    expect(list).toEqual([]);
    clock.advance(2 * MINUTE);
    await releaseJob(t);
    const rows = await t.db.select().from(searchAnalytics);
    expect(rows.map((row) => [row.visitorId, row.visitorName])).toEqual([[null, "Anonymous User"]]);
    const history = await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } });
    expect(history.json()).toEqual([]);
    // The same search from the app's own page records Bob by name.
    clock.advance(6_000);
    await t.app.inject({
      url: `/api/public/tagged-posts?search=${encodeURIComponent(posts.ada.postName)}`,
      headers: { cookie: bob.cookie, "sec-fetch-site": "same-origin" },
    });
    const named = (
      await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: ada.cookie } })
    ).json();
    expect(named[0]).toMatchObject({ visitorId: bob.user.id });
  });

  it("keeps hiding the owner of a post that hid them, after the post is deleted", async () => {
    const { t, ada, bob } = await setup();
    const hidden = await createPost(t, ada, "Secret garden", { hidePersonalInfo: true });
    await view(t, bob, hidden);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tagged-posts/${hidden.id}`,
      headers: asMember(ada.cookie),
    });
    expect(del.statusCode).toBeLessThan(300);
    const history = (
      await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } })
    ).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ postName: "Secret garden", ownerFirstName: null, ownerTagg: null });
    expect(JSON.stringify(history)).not.toContain("Ada");
    expect(JSON.stringify(history)).not.toContain(ada.user.id);
  });

  it("forgets the address and browser of named activity after 30 days", async () => {
    const { t, clock, bob, posts } = await setup();
    await view(t, bob, posts.ada);
    clock.advance(29 * DAY);
    await t.app.jobs.run("forget-old-connections");
    expect((await t.db.select().from(searchAnalytics))[0]).toMatchObject({ ipAddress: "198.51.100.23" });
    clock.advance(2 * DAY);
    expect(await t.app.jobs.run("forget-old-connections")).toEqual({ forgotten: 1 });
    expect((await t.db.select().from(searchAnalytics))[0]).toMatchObject({
      visitorId: bob.user.id,
      ipAddress: null,
      userAgent: null,
    });
  });
});

describe("an administrator", () => {
  it("sees a member's activity as a day, and cannot take the account over by moving its login e-mail", async () => {
    const clock = manualClock(new Date("2026-03-02T14:03:12.345Z"));
    const t = await createTestApp({
      clock,
      config: {
        adminEmails: new Set([TEST_ADMIN_EMAIL]),
        anonymity: { releaseMinutes: 1, jitterMinutes: 0, minVisitors: 1, keyDays: 30 },
      },
    });
    const admin = await signInAsAdmin(t);
    const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
    const bob = await registerMember(t, { firstName: "Bob", lastName: "Visitor" });
    const post = await createPost(t, ada, "Ada's lighthouse");
    await setPrivacyMode(t, bob, "pause");
    clock.advance(7);
    await view(t, bob, post);

    // The Profiles list: Bob's last activity is a day, never the moment of his anonymous view.
    const list = await t.app.inject({
      url: `/api/admin/profiles?search=${encodeURIComponent(bob.input.email)}`,
      headers: admin.headers,
    });
    const [row] = list.json().items;
    expect(row.lastActive).toBe("2026-03-02");
    expect(list.body).not.toMatch(/14:03/);

    // Moving Bob's login to an address the administrator controls: a request Bob has to confirm.
    const taken = "admin.controls@example.com";
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/admin/profile/${bob.user.id}`,
      headers: admin.headers,
      payload: { firstName: "Bob", lastName: "Visitor", email: taken },
    });
    expect(edit.json()).toMatchObject({ email: bob.input.email, pendingEmail: taken });
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: SAME_ORIGIN,
      payload: { email: taken },
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect((await t.outbox()).filter((mail) => mail.includes(`To: ${taken}`))).toEqual([]);
    const signIn = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: SAME_ORIGIN,
        payload: { email, password: bob.input.password },
      });
    expect((await signIn(taken)).statusCode).toBe(401);
    expect((await signIn(bob.input.email)).statusCode).toBe(200);

    // And Bob's own history, whoever reads it, holds nothing of what he did anonymously.
    const history = await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } });
    expect(history.json()).toEqual([]);
  });
});
