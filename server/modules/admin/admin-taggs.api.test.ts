import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_LIST_TOTAL_CAP } from "#contract/limits.ts";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import {
  createPost,
  giveTagg,
  registerMember,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { aModerationReason } from "#server/test/moderation-reasons.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

const taggBody = (tagg: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  tagg,
  email: `${tagg}@example.com`,
  reason: "Reserved for a partner",
  ...extra,
});

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;

const addTagg = (t: TestApp, admin: Admin, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/admin/tagg", headers: admin.headers, payload });

const editTagg = (t: TestApp, admin: Admin, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/admin/tagg/${id}`, headers: admin.headers, payload });

/** The toggle; hiding carries one of the panel's reasons unless the payload names its own. */
const toggleTagg = async (t: TestApp, admin: Admin, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/tagg/${id}/toggle`,
    headers: admin.headers,
    payload:
      payload.hidden === true && !("reasonId" in payload)
        ? { ...payload, ...(await aModerationReason(t)).body }
        : payload,
  });

/** Deleting a tagg, with one of the panel's reasons. */
const deleteTagg = async (t: TestApp, admin: Admin, id: string) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/admin/tagg/${id}`,
    headers: admin.headers,
    payload: (await aModerationReason(t)).body,
  });

const listTaggs = async (t: TestApp, admin: Admin) =>
  (await t.app.inject({ url: "/api/admin/taggs", headers: admin.headers })).json();

const auditLog = async (t: TestApp, admin: Admin) =>
  (await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })).json();

describe("the admin Taggs section", () => {
  it("POST /api/admin/tagg adds a tagg (201), lists it, and records who added it", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await addTagg(t, admin, taggBody("@Partner_One", { email: "Partner_One@Example.com" }));
    expect(res.statusCode).toBe(201);
    const tagg = res.json();
    expect(tagg).toEqual({
      id: expect.any(String),
      tagg: "partner_one",
      firstName: "Grace",
      lastName: "Hopper",
      email: "partner_one@example.com",
      reason: "Reserved for a partner",
      isHidden: false,
      subscriptionStatus: null,
      holder: null,
      createdAt: expect.any(String),
    });
    const list = await t.app.inject({ url: "/api/admin/taggs", headers: admin.headers });
    expect(list.json()).toEqual({ items: [tagg], total: 1, totalCapped: false, nextCursor: null });

    const log = await auditLog(t, admin);
    expect(log.items).toEqual([
      expect.objectContaining({
        actor: { id: admin.user.id, firstName: admin.input.firstName, lastName: admin.input.lastName },
        action: "tagg.create",
        targetType: "tagg",
        targetId: tagg.id,
      }),
    ]);
  });

  it("POST refuses missing fields with 400 and each field's message, writing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await addTagg(t, admin, { reason: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation");
    expect(res.json().fields).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      tagg: TAGG_MESSAGES.format,
      email: "Email is required",
    });
    expect((await auditLog(t, admin)).total).toBe(0);
  });

  it("POST refuses a tagg that is already registered with 409 name_taken, and audits nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect((await addTagg(t, admin, taggBody("taken_one"))).statusCode).toBe(201);
    const again = await addTagg(t, admin, taggBody("taken_one"));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "name_taken", error: TAGG_MESSAGES.taken });
    expect((await auditLog(t, admin)).total).toBe(1);
  });

  it("PUT /api/admin/tagg/{id} replaces the five fields, answers the list's item, and audits what changed", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { id, createdAt } = (await addTagg(t, admin, taggBody("editable"))).json();

    const res = await editTagg(t, admin, id, {
      firstName: "Ada",
      lastName: "Hopper",
      tagg: "@Renamed",
      reason: "  New reason ",
      email: "Editable@Example.com",
    });
    expect(res.statusCode).toBe(200);
    const edited = {
      id,
      tagg: "renamed",
      firstName: "Ada",
      lastName: "Hopper",
      email: "editable@example.com",
      reason: "New reason",
      isHidden: false,
      subscriptionStatus: null,
      holder: null,
      createdAt,
    };
    expect(res.json()).toEqual(edited);
    expect((await listTaggs(t, admin)).items).toEqual([edited]);

    const updates = (await auditLog(t, admin)).items.filter(
      (item: { action: string }) => item.action === "tagg.update",
    );
    expect(updates).toEqual([
      expect.objectContaining({
        actor: { id: admin.user.id, firstName: admin.input.firstName, lastName: admin.input.lastName },
        targetType: "tagg",
        targetId: id,
        summary: {
          before: { firstName: "Grace", tagg: "editable", reason: "Reserved for a partner" },
          after: { firstName: "Ada", tagg: "renamed", reason: "New reason" },
        },
      }),
    ]);
  });

  it("PUT clears a reason left out or null, and keeps the visibility", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { id } = (await addTagg(t, admin, taggBody("reasoned"))).json();
    expect((await toggleTagg(t, admin, id, { hidden: true })).statusCode).toBe(200);
    const { reason: _, ...withoutReason } = taggBody("reasoned");

    const cleared = await editTagg(t, admin, id, withoutReason);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ reason: null, isHidden: true });
    expect((await editTagg(t, admin, id, taggBody("reasoned", { reason: null }))).json().reason).toBeNull();
  });

  it("PUT refuses missing fields, an unknown field, a bad e-mail and an unknown id, and changes nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = (await addTagg(t, admin, taggBody("kept_as_is"))).json();

    const partial = await editTagg(t, admin, added.id, { tagg: "only_tagg" });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      code: "validation",
      fields: {
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Email is required",
      },
    });
    const isHidden = await editTagg(t, admin, added.id, taggBody("kept_as_is", { isHidden: true }));
    expect(isHidden.statusCode).toBe(400);
    expect(isHidden.json().code).toBe("validation");
    const badEmail = await editTagg(t, admin, added.id, taggBody("kept_as_is", { email: "not an email" }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual({ email: "Please enter a valid email address" });

    const missing = await editTagg(t, admin, MISSING_ID, taggBody("kept_as_is"));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
    expect((await editTagg(t, admin, "not-a-uuid", taggBody("kept_as_is"))).statusCode).toBe(400);

    expect((await listTaggs(t, admin)).items).toEqual([added]);
    expect((await auditLog(t, admin)).items.map((item: { action: string }) => item.action)).toEqual([
      "tagg.create",
    ]);
  });

  it("answers 409 when an edit takes another tagg, and the failed write leaves no audit row", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await addTagg(t, admin, taggBody("first_one"));
    const { id } = (await addTagg(t, admin, taggBody("second_one"))).json();
    const res = await editTagg(t, admin, id, taggBody("first_one"));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "name_taken", error: TAGG_MESSAGES.taken });
    const log = await auditLog(t, admin);
    expect(log.items.map((item: { action: string }) => item.action)).toEqual(["tagg.create", "tagg.create"]);
    expect((await listTaggs(t, admin)).items.map((item: { tagg: string }) => item.tagg).sort()).toEqual([
      "first_one",
      "second_one",
    ]);
  });

  it("POST /api/admin/tagg/{id}/toggle sets the visibility from {hidden}, answers the item, and audits it", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const added = (await addTagg(t, admin, taggBody("toggled"))).json();

    const hidden = await toggleTagg(t, admin, added.id, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ ...added, isHidden: true });
    expect((await listTaggs(t, admin)).items).toEqual([{ ...added, isHidden: true }]);
    // Saying it again changes nothing and answers the same item.
    expect((await toggleTagg(t, admin, added.id, { hidden: true })).json().isHidden).toBe(true);
    const shown = await toggleTagg(t, admin, added.id, { hidden: false });
    expect(shown.json()).toEqual(added);

    const summaries = (await auditLog(t, admin)).items
      .filter((item: { action: string }) => item.action === "tagg.update")
      .map((item: { summary: unknown }) => item.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        {
          before: { isHidden: false },
          after: { isHidden: true, reason: (await aModerationReason(t)).label },
        },
        { before: { isHidden: true }, after: { isHidden: false } },
      ]),
    );

    for (const payload of [
      {},
      { hidden: "yes" },
      { isHidden: true },
      { hidden: true, reasonId: undefined },
    ]) {
      const res = await toggleTagg(t, admin, added.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("validation");
    }
    const missing = await toggleTagg(t, admin, MISSING_ID, { hidden: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
  });

  it("renames the tagg a member holds along with the registry", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    await giveTagg(t, member, "members_tagg");
    const list = (
      await t.app.inject({ url: "/api/admin/taggs?search=MEMBERS", headers: admin.headers })
    ).json();
    expect(list.total).toBe(1);
    expect(list.items[0].subscriptionStatus).toBe("inactive");
    expect(list.items[0].holder).toEqual({
      id: member.user.id,
      firstName: member.input.firstName,
      lastName: member.input.lastName,
    });
    const { firstName, lastName, email, reason } = list.items[0];
    const res = await editTagg(t, admin, list.items[0].id, {
      firstName,
      lastName,
      email,
      reason,
      tagg: "members_new",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tagg: "members_new",
      subscriptionStatus: "inactive",
      holder: { id: member.user.id },
    });
    const profile = await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } });
    expect(profile.json().tagg).toBe("members_new");
  });

  it("takes a hidden tagg's posts out of public search at once, and brings them back when shown", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    await giveTagg(t, member, "hidden_soon");
    await createPost(t, member, "Harbour at dusk");
    const found = async () =>
      (await t.app.inject({ url: "/api/public/tagged-posts?search=harbour%20at%20dusk" })).json().length;
    const id = (
      await t.app.inject({ url: "/api/admin/taggs?search=hidden_soon", headers: admin.headers })
    ).json().items[0].id;
    const setHidden = (hidden: boolean) => toggleTagg(t, admin, id, { hidden });

    expect(await found()).toBe(1);
    expect((await setHidden(true)).statusCode).toBe(200);
    expect(await found()).toBe(0);
    expect((await setHidden(false)).statusCode).toBe(200);
    expect(await found()).toBe(1);
  });

  it("DELETE /api/admin/tagg/{id} deletes it from the list (audited) and answers 404 for one that does not exist", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { id } = (await addTagg(t, admin, taggBody("doomed"))).json();
    const kept = (await addTagg(t, admin, taggBody("kept"))).json();
    const remove = (target: string) => deleteTagg(t, admin, target);
    const withoutReason = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagg/${id}`,
      headers: admin.headers,
      payload: {},
    });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().fields).toEqual({ reasonId: expect.any(String) });
    const removed = await remove(id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await listTaggs(t, admin)).items).toEqual([kept]);
    const again = await remove(id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("not_found");
    const log = await auditLog(t, admin);
    expect(log.items.map((item: { action: string }) => item.action).sort()).toEqual([
      "tagg.create",
      "tagg.create",
      "tagg.delete",
    ]);
    expect(log.items.find((item: { action: string }) => item.action === "tagg.delete").summary).toEqual({
      before: { tagg: "doomed", email: "doomed@example.com", holder: null },
      after: { reason: (await aModerationReason(t)).label },
    });
  });

  it("DELETE of a tagg a member holds releases it, tells the member in-app, and names them in the audit row", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t, { firstName: "Bea", lastName: "Poster" });
    await giveTagg(t, member, "bea");
    await createPost(t, member, "Bea's harbour");
    const byTagg = async () =>
      (await t.app.inject({ url: "/api/public/tagged-posts?search=bea" })).json().length;
    expect(await byTagg()).toBe(1);

    // The list says who holds it, so the confirmation can name them.
    const [item] = (await listTaggs(t, admin)).items;
    expect(item).toMatchObject({
      tagg: "bea",
      holder: { id: member.user.id, firstName: "Bea", lastName: "Poster" },
    });
    const removed = await deleteTagg(t, admin, item.id);
    expect(removed.statusCode).toBe(200);

    // The member keeps their account and posts, without the handle; their posts are no longer found by it.
    const profile = await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } });
    expect(profile.json().tagg).toBeNull();
    expect(await byTagg()).toBe(0);
    const notices = (await t.app.inject({ url: "/api/notices", headers: { cookie: member.cookie } })).json();
    const reason = await aModerationReason(t);
    expect(notices).toEqual([
      {
        id: expect.any(String),
        kind: "decision",
        postName: null,
        visitor: null,
        tagg: null,
        decisionId: expect.any(String),
        text: expect.stringContaining(
          `Your tagg @bea was removed: your posts are no longer found by it, by an administrator. Reason: ${reason.label}.`,
        ),
        createdAt: expect.any(String),
      },
    ]);
    // Nothing tells the member which administrator it was.
    expect(JSON.stringify(notices)).not.toContain(admin.user.id);

    const log = await auditLog(t, admin);
    expect(log.items.find((row: { action: string }) => row.action === "tagg.delete")).toMatchObject({
      targetId: item.id,
      summary: {
        before: {
          tagg: "bea",
          email: member.input.email,
          holder: { id: member.user.id, firstName: "Bea", lastName: "Poster" },
        },
      },
    });

    // The handle is free again: anyone may register it.
    expect((await addTagg(t, admin, taggBody("bea"))).statusCode).toBe(201);
  });

  it("tells the holder on their open event stream at once, naming no administrator", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    await giveTagg(t, member, "live_handle");
    const [item] = (await listTaggs(t, admin)).items;
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/events`, {
      headers: { cookie: member.cookie },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    await reader?.read(); // retry hint
    await deleteTagg(t, admin, item.id);
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader?.read())?.value);
    controller.abort();
    expect(text).toContain("event: notice");
    expect(text).toContain('"kind":"decision"');
    expect(text).toContain("Your tagg @live_handle was removed");
    expect(text).not.toContain(admin.user.id);
  });

  it("searches tagg, names, e-mail and reason, and walks every page with the cursor", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (let i = 0; i < 5; i++) await addTagg(t, admin, taggBody(`walk_${i}`));
    await addTagg(t, admin, taggBody("other", { firstName: "Zelda", reason: "Special CASE" }));

    const search = async (term: string) =>
      (await t.app.inject({ url: `/api/admin/taggs?search=${term}`, headers: admin.headers })).json().total;
    expect(await search("WALK_")).toBe(5);
    expect(await search("zelda")).toBe(1);
    expect(await search("special%20case")).toBe(1);
    expect(await search("walk_3%40example")).toBe(1);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/taggs?search=walk&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const body = (await t.app.inject({ url, headers: admin.headers })).json();
      expect(body.total).toBe(5);
      seen.push(...body.items.map((item: { tagg: string }) => item.tagg));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["walk_0", "walk_1", "walk_2", "walk_3", "walk_4"]);
  });

  it("counts matches up to the cap, then says more match (totalCapped) instead of counting on", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await t.db.execute(sql`
      insert into taggs (tagg, first_name, last_name, email)
      select 'bulk_' || i, 'Bulk', 'Row' || i, 'bulk' || i || '@example.com'
      from generate_series(1, ${ADMIN_LIST_TOTAL_CAP + 1}::int) i`);
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/taggs?${query}`, headers: admin.headers })).json();

    const all = await list("limit=2");
    expect(all).toMatchObject({ total: ADMIN_LIST_TOTAL_CAP, totalCapped: true });
    expect(all.items).toHaveLength(2);
    expect(all.nextCursor).toEqual(expect.any(String));
    // Under the cap the count is exact: bulk_7, bulk_70 to bulk_79, bulk_700 to bulk_799, …
    const startingWith7 = Array.from({ length: ADMIN_LIST_TOTAL_CAP + 1 }, (_, i) => String(i + 1)).filter(
      (n) => n.startsWith("7"),
    ).length;
    expect(await list("search=BULK_7&limit=2")).toMatchObject({ total: startingWith7, totalCapped: false });
  });
});
