import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminAuditActions,
  adminAuditActors,
  adminAuditLog,
  auditSearchText,
  profiles,
} from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";
import { type AuditEntry, createAuditRepository } from "./audit.repository.ts";

// The audit log at scale (decision 055): filter choices kept beside each row, and an indexed search.

async function setup() {
  const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
  const admin = await signInAsAdmin(t);
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const facets = () =>
    get("/api/admin/audit-log/facets") as Promise<{
      actors: { id: string; firstName: string; lastName: string }[];
      actions: string[];
    }>;
  const search = async (term: string) =>
    (
      (await get(`/api/admin/audit-log?${new URLSearchParams({ search: term })}`)).items as {
        targetId: string;
      }[]
    )
      .map((item) => item.targetId)
      .sort();
  return { t, admin, facets, search };
}

const entry = (t: TestApp, overrides: Partial<AuditEntry> & Pick<AuditEntry, "actor">) =>
  createAuditRepository(t.db).record({
    action: "tagg.update",
    targetType: "tagg",
    targetId: "x",
    summary: {},
    ...overrides,
  });

describe("the audit log's filter choices", () => {
  it("follow each write: a new action and a new actor appear, and an actor shows the name of their latest write", async () => {
    const { t, admin, facets } = await setup();
    expect(await facets()).toEqual({ actors: [], actions: [] });

    // A real admin write through its route.
    const cost = await t.app.inject({
      method: "POST",
      url: "/api/admin/costs",
      headers: admin.headers,
      payload: { service: "Hosting", description: "Server", amount: "12.50", category: "Infrastructure" },
    });
    expect(cost.statusCode, cost.body).toBe(201);
    const first = await facets();
    expect(first.actions).toEqual(["cost.create"]);
    expect(first.actors).toEqual([
      { id: admin.user.id, firstName: admin.input.firstName, lastName: admin.input.lastName },
    ]);

    const other = await registerMember(t);
    await entry(t, {
      actor: { id: other.user.id, firstName: "Otto", lastName: "Other" },
      action: "profile.delete",
    });
    expect(await facets()).toEqual({
      actions: ["cost.create", "profile.delete"],
      actors: expect.arrayContaining([
        { id: admin.user.id, firstName: admin.input.firstName, lastName: admin.input.lastName },
        { id: other.user.id, firstName: "Otto", lastName: "Other" },
      ]),
    });

    // Renamed since: the latest write's name. The system actor (no id) is no filter choice.
    await entry(t, { actor: { id: other.user.id, firstName: "Otto", lastName: "Renamed" } });
    await entry(t, {
      actor: { id: null, firstName: "System", lastName: "(automatic)" },
      action: "post.hide",
    });
    const after = await facets();
    expect(after.actions).toEqual(["cost.create", "post.hide", "profile.delete", "tagg.update"]);
    expect(after.actors).toHaveLength(2);
    expect(after.actors).toContainEqual({ id: other.user.id, firstName: "Otto", lastName: "Renamed" });
  });

  it("are read from their own table, not computed from the log", async () => {
    const { t, facets } = await setup();
    const other = await registerMember(t);
    await entry(t, {
      actor: { id: other.user.id, firstName: "Otto", lastName: "Other" },
      action: "terms.update",
    });
    const [kept] = await t.db.select().from(adminAuditActors);
    expect(kept).toMatchObject({ actorId: other.user.id, firstName: "Otto", lastName: "Other" });
    expect(await t.db.select({ action: adminAuditActions.action }).from(adminAuditActions)).toEqual([
      { action: "terms.update" },
    ]);
    // No route deletes a log row; done here only to show the choices do not come from the rows.
    await t.db.delete(adminAuditLog);
    expect(await facets()).toEqual({
      actors: [{ id: other.user.id, firstName: "Otto", lastName: "Other" }],
      actions: ["terms.update"],
    });
    // A deleted account leaves the choices (its rows keep the name, with no id left to filter by).
    await t.db.delete(profiles).where(eq(profiles.id, other.user.id));
    expect((await facets()).actors).toEqual([]);
  });

  it("roll back with the write they follow", async () => {
    const { t, facets } = await setup();
    const member = await registerMember(t);
    await expect(
      withTransaction(t.db, async (tx) => {
        await createAuditRepository(tx).record({
          actor: { id: member.user.id, firstName: "Ada", lastName: "Admin" },
          action: "tagg.delete",
          targetType: "tagg",
          targetId: "x",
          summary: {},
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await facets()).toEqual({ actors: [], actions: [] });
  });
});

describe("the audit log's search", () => {
  it("finds by the actor's full name, the action, the target type, a named target, and a uuid target exactly", async () => {
    const { t, search } = await setup();
    const member = await registerMember(t);
    const ada = { id: member.user.id, firstName: "Ada", lastName: "Lovelace" };
    const bea = { id: null, firstName: "Bea", lastName: "Poster" };
    const uuid = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
    await entry(t, { actor: ada, action: "payout.reveal", targetType: "payout", targetId: uuid });
    await entry(t, {
      actor: bea,
      action: "help_content.update",
      targetType: "help",
      targetId: "Getting started",
    });
    await entry(t, {
      actor: bea,
      action: "tagg.delete",
      targetType: "tagg",
      targetId: "b0b0b0b0-0000-4000-8000-000000000000",
    });

    expect(await search("ada LOVELACE")).toEqual([uuid]);
    expect(await search("Bea Poster")).toEqual(
      ["Getting started", "b0b0b0b0-0000-4000-8000-000000000000"].sort(),
    );
    expect(await search("REVEAL")).toEqual([uuid]);
    expect(await search("payout")).toEqual([uuid]);
    expect(await search("getting START")).toEqual(["Getting started"]);
    expect(await search(uuid.toUpperCase())).toEqual([uuid]);
    // A uuid is matched whole, and a term never spans two of the places.
    expect(await search(uuid.slice(0, 8))).toEqual([]);
    expect(await search("Lovelace payout")).toEqual([]);
  });

  it("is answered by the trigram index and the target id index", async () => {
    const { t } = await setup();
    const plan = (condition: ReturnType<typeof sql>) =>
      withTransaction(t.db, async (tx) => {
        // Only to see which index can answer on an empty table: planners prefer a scan of so few rows.
        await tx.execute(sql`set local enable_seqscan = off`);
        return JSON.stringify(
          await tx.execute(sql`explain select id from ${adminAuditLog} where ${condition}`),
        );
      });
    expect(await plan(sql`${auditSearchText(adminAuditLog)} ilike '%lovelace%'`)).toContain(
      "admin_audit_log_search_trgm_idx",
    );
    expect(await plan(sql`${adminAuditLog.targetId} = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'`)).toContain(
      "admin_audit_log_target_id_idx",
    );
    expect(
      await plan(
        sql`${adminAuditLog.action} = 'cleanup.run' and (${adminAuditLog.summary} -> 'after' -> 'ids') @> '["6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"]'::jsonb`,
      ),
    ).toMatch(/admin_audit_log_(cleanup_ids|action_sort)_idx/); // the ids' index, or the action's on few rows
  });
});
