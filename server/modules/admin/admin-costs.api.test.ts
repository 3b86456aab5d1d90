import { describe, expect, it } from "vitest";
import { COST_MESSAGES } from "#contract/api/admin-money.ts";
import { MONEY_MESSAGES } from "#contract/api/money.ts";
import { MESSAGES } from "#contract/errors.ts";
import { costs } from "#server/db/schema/index.ts";
import { signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const LONG_AGO = "2001-02-03";

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;

const call = (
  t: TestApp,
  admin: Admin,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

const cost = (extra: Record<string, unknown> = {}) => ({
  service: "Hosting",
  description: "Server for November",
  amount: "12.50",
  category: "Infrastructure",
  ...extra,
});

const today = () => new Date().toISOString().slice(0, 10);

async function add(t: TestApp, admin: Admin, extra: Record<string, unknown> = {}) {
  const res = await call(t, admin, "POST", "/api/admin/costs", cost(extra));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; date: string; amount: number };
}

/** The costs' total and this month's costs in the unit economics, as the Costs section shows them. */
async function figures(t: TestApp, admin: Admin) {
  const total = (await call(t, admin, "GET", "/api/admin/costs/total")).json().totals;
  const month = (await call(t, admin, "GET", "/api/admin/costs/economics")).json().costs;
  return { total, month };
}

const auditOf = async (t: TestApp, admin: Admin, action: string) =>
  (await call(t, admin, "GET", `/api/admin/audit-log?action=${action}&limit=200`)).json().items;

describe("Cost dates", () => {
  it("records the date given, or today (UTC) without one; a cost dated another month counts in the total only", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect((await add(t, admin)).date).toBe(today());
    const dated = await add(t, admin, { date: LONG_AGO, amount: "1.00" });
    expect(dated.date).toBe(LONG_AGO);
    expect(await figures(t, admin)).toEqual({
      total: [{ total: 1350, currency: "USD" }],
      month: [{ total: 1250, currency: "USD" }],
    });
    const [audited] = await auditOf(t, admin, "cost.create");
    expect(audited.summary.after).toMatchObject({ date: LONG_AGO, amount: 100 });
  });

  it("refuses a date that is not a day, writing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const date of ["2026-02-30", "27/11/2026", "", "2026-11-27T10:00:00Z"]) {
      const res = await call(t, admin, "POST", "/api/admin/costs", cost({ date }));
      expect(res.statusCode, date).toBe(400);
      expect(res.json().fields, date).toEqual({ date: COST_MESSAGES.date });
    }
    expect(await t.db.select().from(costs)).toEqual([]);
  });
});

describe("Edit Cost", () => {
  it("replaces the fields, keeps the date when none is given, audits what changed, and the totals follow", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = await add(t, admin);
    const res = await call(
      t,
      admin,
      "PUT",
      `/api/admin/costs/${added.id}`,
      cost({ amount: "125.00", currency: "gbp", notes: "typo fixed" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...added,
      amount: 12500,
      currency: "GBP",
      notes: "typo fixed",
    });
    expect((await call(t, admin, "GET", "/api/admin/costs")).json().items).toEqual([res.json()]);
    expect(await figures(t, admin)).toEqual({
      total: [{ total: 12500, currency: "GBP" }],
      month: [{ total: 12500, currency: "GBP" }],
    });
    const [audited] = await auditOf(t, admin, "cost.update");
    expect(audited).toMatchObject({
      targetType: "cost",
      targetId: added.id,
      summary: {
        before: { amount: 1250, currency: "USD", notes: null },
        after: { amount: 12500, currency: "GBP", notes: "typo fixed" },
      },
    });
    expect(Object.keys(audited.summary.after).sort()).toEqual(["amount", "currency", "notes"]);
  });

  it("moves the cost to another day: it leaves this month's economics but stays in the total", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = await add(t, admin);
    const moved = await call(t, admin, "PUT", `/api/admin/costs/${added.id}`, cost({ date: LONG_AGO }));
    expect(moved.json().date).toBe(LONG_AGO);
    expect(await figures(t, admin)).toEqual({ total: [{ total: 1250, currency: "USD" }], month: [] });
    const [audited] = await auditOf(t, admin, "cost.update");
    expect(audited.summary).toEqual({ before: { date: today() }, after: { date: LONG_AGO } });
  });

  it("refuses an unknown cost (404) and an invalid body (400 with each field's message), changing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = await add(t, admin);
    const missing = await call(t, admin, "PUT", `/api/admin/costs/${MISSING_ID}`, cost());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MESSAGES.notFound, code: "not_found" });
    const invalid = await call(t, admin, "PUT", `/api/admin/costs/${added.id}`, {
      service: " ",
      description: "d",
      category: "c",
      amount: "12.345",
      date: "tomorrow",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      service: COST_MESSAGES.service,
      amount: MONEY_MESSAGES.amount,
      date: COST_MESSAGES.date,
    });
    expect((await call(t, admin, "PUT", "/api/admin/costs/not-a-uuid", cost())).statusCode).toBe(400);
    const [row] = await t.db.select().from(costs);
    expect(row).toMatchObject({ amountMinor: 1250, service: "Hosting" });
    expect(await auditOf(t, admin, "cost.update")).toEqual([]);
  });
});

describe("Delete Cost", () => {
  it("deletes the cost, audits what it was, and the totals and economics no longer count it", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const kept = await add(t, admin, { amount: "2.00" });
    const typo = await add(t, admin, { amount: "200000.00", service: "Typo" });
    const res = await call(t, admin, "DELETE", `/api/admin/costs/${typo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call(t, admin, "GET", "/api/admin/costs")).json()).toMatchObject({
      items: [expect.objectContaining({ id: kept.id })],
      total: 1,
    });
    expect(await figures(t, admin)).toEqual({
      total: [{ total: 200, currency: "USD" }],
      month: [{ total: 200, currency: "USD" }],
    });
    const [audited] = await auditOf(t, admin, "cost.delete");
    expect(audited).toMatchObject({
      targetType: "cost",
      targetId: typo.id,
      summary: { before: { service: "Typo", amount: 20_000_000, currency: "USD", date: today() } },
    });
  });

  it("answers 404 for an unknown or already deleted cost, with no audit row", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = await add(t, admin);
    expect((await call(t, admin, "DELETE", `/api/admin/costs/${added.id}`)).statusCode).toBe(200);
    for (const id of [added.id, MISSING_ID]) {
      const again = await call(t, admin, "DELETE", `/api/admin/costs/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: MESSAGES.notFound, code: "not_found" });
    }
    expect(await auditOf(t, admin, "cost.delete")).toHaveLength(1);
  });
});
