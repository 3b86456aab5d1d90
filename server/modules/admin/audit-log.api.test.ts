import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";
import { createAuditRepository } from "./audit.repository.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });

const actor = (id: string) => ({ id, firstName: "Ada", lastName: "Admin" });

async function recordMany(t: TestApp, actorId: string, n: number) {
  const audit = createAuditRepository(t.db);
  for (let i = 0; i < n; i++) {
    await audit.record({
      actor: actor(actorId),
      action: i % 2 ? "tagg.update" : "tagg.create",
      targetType: "tagg",
      targetId: `target-${i}`,
      summary: { after: { tagg: `name${i}` } },
    });
  }
}

describe("GET /api/admin/audit-log", () => {
  it("lists entries newest first, with the actor, and walks every page with the cursor", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await recordMany(t, admin.user.id, 7);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await t.app.inject({ url, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(7);
      seen.push(...body.items.map((item: { targetId: string }) => item.targetId));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // Rows written in one instant tie on created_at; the id breaks the tie, so the walk still sees each once.
    const all = (
      await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })
    ).json();
    expect(seen).toEqual(all.items.map((item: { targetId: string }) => item.targetId));
    expect(new Set(seen).size).toBe(7);

    const first = (
      await t.app.inject({ url: "/api/admin/audit-log?limit=1", headers: admin.headers })
    ).json();
    // PGlite's clock can tie rows written within one millisecond, so the newest is whichever the order puts first.
    expect(first.items[0]).toEqual(all.items[0]);
    const index = Number(String(all.items[0].targetId).replace("target-", ""));
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      actor: { id: admin.user.id, firstName: "Ada", lastName: "Admin" },
      action: index % 2 ? "tagg.update" : "tagg.create",
      targetType: "tagg",
      targetId: `target-${index}`,
      summary: { after: { tagg: `name${index}` } },
    });
    const times = all.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("searches case-insensitively and counts the filtered set", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await recordMany(t, admin.user.id, 5);
    const res = await t.app.inject({
      url: "/api/admin/audit-log?search=TAGG.UPDATE",
      headers: admin.headers,
    });
    expect(res.json()).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
    expect(
      res
        .json()
        .items.map((i: { targetId: string }) => i.targetId)
        .sort(),
    ).toEqual(["target-1", "target-3"]);
    const none = await t.app.inject({ url: "/api/admin/audit-log?search=100%25", headers: admin.headers });
    expect(none.json()).toEqual({ items: [], total: 0, totalCapped: false, nextCursor: null });
  });

  it("filters by actor, action and date range, and offers the actors and actions to filter by", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const other = await registerMember(t);
    await recordMany(t, admin.user.id, 3);
    await createAuditRepository(t.db).record({
      actor: { id: other.user.id, firstName: "Otto", lastName: "Other" },
      action: "profile.delete",
      targetType: "profile",
      targetId: "gone",
      summary: {},
    });
    await t.db.execute(
      sql`update admin_audit_log set created_at = '2026-03-10T12:00:00Z' where target_id = 'target-0'`,
    );
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/audit-log?${query}`, headers: admin.headers })).json();
    const targets = async (query: string) =>
      (await list(query)).items.map((i: { targetId: string }) => i.targetId).sort();

    expect(await targets(`actorId=${other.user.id}`)).toEqual(["gone"]);
    expect(await targets("action=tagg.create")).toEqual(["target-0", "target-2"]);
    expect(await targets("from=2026-03-10&to=2026-03-10")).toEqual(["target-0"]);
    expect(await targets("to=2026-03-09")).toEqual([]);
    expect((await list("action=tagg.create&from=2026-03-11")).total).toBe(1);

    const bad = await t.app.inject({ url: "/api/admin/audit-log?from=yesterday", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ from: "Invalid date" });

    const facets = (
      await t.app.inject({ url: "/api/admin/audit-log/facets", headers: admin.headers })
    ).json();
    expect(facets.actions).toEqual(["profile.delete", "tagg.create", "tagg.update"]);
    expect(facets.actors).toEqual(
      expect.arrayContaining([
        { id: admin.user.id, firstName: "Ada", lastName: "Admin" },
        { id: other.user.id, firstName: "Otto", lastName: "Other" },
      ]),
    );
    expect(facets.actors).toHaveLength(2);
  });

  it("refuses a limit over the maximum and a forged cursor with 400", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const tooMany = await t.app.inject({ url: "/api/admin/audit-log?limit=201", headers: admin.headers });
    expect(tooMany.statusCode).toBe(400);
    const forged = await t.app.inject({ url: "/api/admin/audit-log?cursor=bm9wZQ", headers: admin.headers });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe("validation");
  });

  it("defaults to pages of 50", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await recordMany(t, admin.user.id, 51);
    const res = (await t.app.inject({ url: "/api/admin/audit-log", headers: admin.headers })).json();
    expect(res.items).toHaveLength(50);
    expect(res.total).toBe(51);
    expect(res.nextCursor).toEqual(expect.any(String));
  });
});

describe("the audit repository", () => {
  it("pages newest first and keeps rows a microsecond apart, which a millisecond cursor would skip", async () => {
    const t = await adminApp();
    const member = await registerMember(t);
    for (const [targetId, at] of [
      ["oldest", "2026-01-01T00:00:00.123100Z"],
      ["middle", "2026-01-01T00:00:00.123400Z"],
      ["newest", "2026-01-01T00:00:00.123700Z"],
    ] as const) {
      await t.db.insert(adminAuditLog).values({
        createdAt: sql`${at}::timestamptz`,
        actorId: member.user.id,
        actorFirstName: "Ada",
        actorLastName: "Admin",
        action: "tagg.update",
        targetType: "tagg",
        targetId,
        summary: {},
      });
    }
    const audit = createAuditRepository(t.db);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.list({ limit: 1, ...(cursor && { cursor }) });
      seen.push(...page.items.map((item) => item.targetId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(["newest", "middle", "oldest"]);
  });

  it("writes nothing when the transaction it joined rolls back", async () => {
    const t = await adminApp();
    const member = await registerMember(t);
    await expect(
      withTransaction(t.db, async (tx) => {
        await createAuditRepository(tx).record({
          actor: actor(member.user.id),
          action: "tagg.delete",
          targetType: "tagg",
          targetId: "x",
          summary: {},
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const page = await createAuditRepository(t.db).list({ limit: 50 });
    expect(page.total).toBe(0);
  });
});
