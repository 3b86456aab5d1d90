import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_PROFILE_MESSAGES } from "#contract/api/admin-profiles.ts";
import { MESSAGES } from "#contract/errors.ts";
import { adminSessions, profiles } from "#server/db/schema/index.ts";
import { grantAdmin } from "#server/modules/profile/grant-admin.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  registerMember,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });

type Member = Awaited<ReturnType<typeof registerMember>>;
type Headers = Record<string, string>;

const setRole = (t: TestApp, headers: Headers, id: string, role: unknown) =>
  t.app.inject({ method: "PUT", url: `/api/admin/profiles/${id}/role`, headers, payload: { role } });

const list = async (t: TestApp, headers: Headers, query = "") =>
  (await t.app.inject({ url: `/api/admin/profiles?limit=100${query}`, headers })).json();

const roleAudit = async (t: TestApp, headers: Headers) =>
  (await t.app.inject({ url: "/api/admin/audit-log?action=profile.role&limit=100", headers })).json().items;

/** The unlock with the password and, when given, a code from the member's authenticator app. */
async function unlock(t: TestApp, member: Member, authenticator?: { nextCode(): Promise<string> }) {
  await t.app.changes.sync();
  return t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(member.cookie),
    payload: { password: member.input.password, code: await authenticator?.nextCode() },
  });
}

/** A member holding `role = admin` (as `admin:grant` gives it) with an authenticator app and an admin session. */
async function roleAdmin(t: TestApp) {
  const member = await registerMember(t);
  await grantAdmin(t.db, member.input.email);
  const res = await unlock(t, member, await enrolAuthenticatorApp(t, member));
  expect(res.statusCode).toBe(200);
  return { ...member, headers: { ...asMember(member.cookie), "x-admin-session": res.json().sessionId } };
}

describe("granting the administrator role", () => {
  it("makes a member an administrator, audited; they still need a second factor before the panel unlocks", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    expect((await unlock(t, member)).json().code).toBe("admin_required");

    const res = await setRole(t, admin.headers, member.user.id, "admin");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, role: "admin", roleFromConfig: false });
    const [audited] = await roleAudit(t, admin.headers);
    expect(audited).toMatchObject({
      actor: { id: admin.user.id },
      targetType: "profile",
      targetId: member.user.id,
      summary: { before: { role: "member" }, after: { role: "admin" } },
    });

    const withoutSecondFactor = await unlock(t, member);
    expect(withoutSecondFactor.statusCode).toBe(403);
    expect(withoutSecondFactor.json()).toEqual({
      error: MESSAGES.secondFactorRequired,
      code: "second_factor_required",
    });
    expect((await unlock(t, member, await enrolAuthenticatorApp(t, member))).statusCode).toBe(200);
  });

  it("changes nothing and writes no audit row when the member already has the role asked for", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    const same = await setRole(t, admin.headers, member.user.id, "member");
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ role: "member" });
    expect((await setRole(t, admin.headers, member.user.id, "admin")).statusCode).toBe(200);
    expect((await setRole(t, admin.headers, member.user.id, "admin")).json()).toMatchObject({
      role: "admin",
    });
    expect(await roleAudit(t, admin.headers)).toHaveLength(1);
  });

  it("refuses an unknown member (404) and a role other than admin or member (400)", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    const missing = await setRole(t, admin.headers, MISSING_ID, "admin");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MESSAGES.notFound, code: "not_found" });
    for (const role of ["owner", "", null, "ADMIN"]) {
      const res = await setRole(t, admin.headers, member.user.id, role);
      expect(res.statusCode, String(role)).toBe(400);
      expect(res.json().fields, String(role)).toEqual({ role: ADMIN_PROFILE_MESSAGES.role });
    }
    expect(await roleAudit(t, admin.headers)).toEqual([]);
  });
});

describe("the Profiles list and roles", () => {
  it("shows each member's role (ADMIN_EMAILS or granted) and filters by it", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const granted = await registerMember(t, { firstName: "Grace" });
    const member = await registerMember(t, { firstName: "Mo" });
    await setRole(t, admin.headers, granted.user.id, "admin");

    const all = await list(t, admin.headers);
    const roleOf = (id: string) => all.items.find((item: { id: string }) => item.id === id);
    expect(roleOf(admin.user.id)).toMatchObject({ role: "admin", roleFromConfig: true });
    expect(roleOf(granted.user.id)).toMatchObject({ role: "admin", roleFromConfig: false });
    expect(roleOf(member.user.id)).toMatchObject({ role: "member", roleFromConfig: false });

    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id).sort();
    const admins = await list(t, admin.headers, "&role=admin");
    expect(ids(admins)).toEqual([admin.user.id, granted.user.id].sort());
    expect(admins.total).toBe(2);
    const members = await list(t, admin.headers, "&role=member");
    expect(ids(members)).toEqual([member.user.id]);
    expect((await list(t, admin.headers, "&role=member&search=grace")).items).toEqual([]);
    expect(ids(await list(t, admin.headers, "&role=admin&search=grace"))).toEqual([granted.user.id]);
    const sorted = await list(t, admin.headers, "&role=admin&sort=email&order=asc");
    expect(sorted.items.map((item: { email: string }) => item.email)).toEqual(
      [admin.input.email, granted.input.email].sort(),
    );

    const bad = await t.app.inject({ url: "/api/admin/profiles?role=owner", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ role: ADMIN_PROFILE_MESSAGES.role });
  });
});

describe("removing the administrator role", () => {
  it("ends the demoted administrator's admin sessions at once, audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const other = await roleAdmin(t);
    expect((await list(t, other.headers)).items.length).toBeGreaterThan(0);

    const res = await setRole(t, admin.headers, other.user.id, "member");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "member" });
    const refused = await t.app.inject({ url: "/api/admin/profiles", headers: other.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });
    expect(await t.db.select().from(adminSessions).where(eq(adminSessions.userId, other.user.id))).toEqual(
      [],
    );
    const [audited] = await roleAudit(t, admin.headers);
    expect(audited.summary).toEqual({ before: { role: "admin" }, after: { role: "member" } });

    // Granted again, the old admin session stays ended: the panel asks for a new unlock.
    await setRole(t, admin.headers, other.user.id, "admin");
    expect((await t.app.inject({ url: "/api/admin/profiles", headers: other.headers })).statusCode).toBe(403);
  });

  it("refuses the last administrator removing their own role (409 last_admin), changing nothing", async () => {
    const t = await createTestApp();
    const only = await roleAdmin(t);
    const res = await setRole(t, only.headers, only.user.id, "member");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MESSAGES.lastAdmin, code: "last_admin" });
    const [row] = await t.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, only.user.id));
    expect(row?.role).toBe("admin");
    expect((await t.app.inject({ url: "/api/admin/profiles", headers: only.headers })).statusCode).toBe(200);
    expect(await roleAudit(t, only.headers)).toEqual([]);
  });

  it("lets an administrator remove their own role while another remains; their admin session ends", async () => {
    const t = await createTestApp();
    const first = await roleAdmin(t);
    const second = await roleAdmin(t);
    const res = await setRole(t, first.headers, first.user.id, "member");
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/admin/profiles", headers: first.headers })).statusCode).toBe(403);
    // Now the last one, the other cannot leave.
    expect((await setRole(t, second.headers, second.user.id, "member")).json().code).toBe("last_admin");
  });

  it("cannot take away a role that ADMIN_EMAILS gives (409 conflict)", async () => {
    const t = await adminApp();
    const listed = await signInAsAdmin(t);
    const other = await roleAdmin(t);
    const res = await setRole(t, other.headers, listed.user.id, "member");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ADMIN_PROFILE_MESSAGES.roleFromConfig, code: "conflict" });
    expect((await t.app.inject({ url: "/api/admin/profiles", headers: listed.headers })).statusCode).toBe(
      200,
    );
  });
});
