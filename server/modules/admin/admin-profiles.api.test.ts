import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_PROFILE_MESSAGES } from "#contract/api/admin-profiles.ts";
import { MESSAGES } from "#contract/errors.ts";
import { INVITATION_TTL_DAYS } from "#contract/limits.ts";
import {
  passwordResetTokens,
  profiles,
  searchAnalytics,
  taggedPosts,
  taggs,
  uploads,
} from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  giveTagg,
  registerMember,
  SAME_ORIGIN,
  sessionCookie,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
  uniqueIp,
  verifyEmail,
} from "#server/test/factories.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, manualClock, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const adminApp = (clock = manualClock()) =>
  createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) }, clock });

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;

const registerTagg = (t: TestApp, tagg: string) =>
  t.db.insert(taggs).values({ tagg, firstName: "Reg", lastName: "Istry", email: `${tagg}@registry.example` });

const profileBody = (tagg: string, extra: Record<string, unknown> = {}) => ({
  tagg,
  firstName: "Grace",
  lastName: "Hopper",
  email: `${tagg}@example.com`,
  bio: "Invented the compiler",
  ...extra,
});

const addProfile = (t: TestApp, admin: Admin, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/admin/profile", headers: admin.headers, payload });

const editProfile = (t: TestApp, admin: Admin, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/admin/profile/${id}`, headers: admin.headers, payload });

const listedProfile = async (t: TestApp, admin: Admin, id: string) =>
  (await t.app.inject({ url: "/api/admin/profiles?limit=100", headers: admin.headers }))
    .json()
    .items.find((item: { id: string }) => item.id === id);

const auditLog = async (t: TestApp, admin: Admin) =>
  (await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })).json() as {
    total: number;
    items: { action: string; targetId: string; summary: Record<string, unknown> }[];
  };

/** The set-password link of the newest invitation mailed to `email`. */
async function invitationToken(t: TestApp, email: string) {
  const mails = (await t.outbox()).filter(
    (mail) => mail.includes(`To: ${email}`) && mail.includes("Subject: You're invited to Tagit"),
  );
  const unfolded = (mails.at(-1) ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const token = unfolded.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  return { count: mails.length, token: token && decodeURIComponent(token), mail: unfolded };
}

describe("the admin Profiles section", () => {
  it("lists profiles with the table's fields and never a password hash", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t, { firstName: "Linus" });
    await giveTagg(t, member, "linus_t");
    const res = await t.app.inject({ url: "/api/admin/profiles", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.nextCursor).toBeNull();
    const row = body.items.find((item: { id: string }) => item.id === member.user.id);
    expect(row).toEqual({
      id: member.user.id,
      tagg: "linus_t",
      firstName: "Linus",
      lastName: "Lovelace",
      email: member.input.email,
      pendingEmail: null,
      bio: null,
      ipAddress: expect.any(String),
      subscriptionStatus: "inactive",
      lastActive: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      emailVerified: false,
      role: "member",
      roleFromConfig: false,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it("searches tagg, names, e-mail and bio case-insensitively, and pages with the cursor", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (let i = 0; i < 5; i++) {
      await registerTagg(t, `page_${i}`);
      await addProfile(t, admin, profileBody(`page_${i}`, { bio: i === 3 ? "Loves SAILING" : null }));
    }
    const search = async (term: string) =>
      (await t.app.inject({ url: `/api/admin/profiles?search=${term}`, headers: admin.headers })).json()
        .total;
    expect(await search("PAGE_")).toBe(5);
    expect(await search("sailing")).toBe(1);
    expect(await search("grace")).toBe(5);
    expect(await search("page_2%40example")).toBe(1);
    expect(await search("nobody-here")).toBe(0);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/profiles?search=page&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const body = (await t.app.inject({ url, headers: admin.headers })).json();
      expect(body.total).toBe(5);
      seen.push(...body.items.map((item: { tagg: string }) => item.tagg));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["page_0", "page_1", "page_2", "page_3", "page_4"]);
  });

  it("POST /api/admin/profile adds a profile for a registered tagg without a password and mails a 7-day set-password link that works", async () => {
    const clock = manualClock();
    const t = await adminApp(clock);
    const admin = await signInAsAdmin(t);
    await registerTagg(t, "invited_one");
    const res = await addProfile(
      t,
      admin,
      profileBody("@Invited_One", { email: "Invited.One@Example.com", bio: undefined }),
    );
    expect(res.statusCode).toBe(201);
    const profile = res.json();
    expect(await listedProfile(t, admin, profile.id)).toEqual(profile);
    expect(profile).toEqual({
      id: expect.any(String),
      tagg: "invited_one",
      firstName: "Grace",
      lastName: "Hopper",
      email: "invited.one@example.com",
      pendingEmail: null,
      bio: null,
      ipAddress: null,
      subscriptionStatus: "inactive",
      lastActive: null,
      emailVerified: false,
      role: "member",
      roleFromConfig: false,
      createdAt: expect.any(String),
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.passwordHash).toBeNull();
    const [token] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, profile.id));
    expect(token?.expiresAt.getTime()).toBe(clock.now().getTime() + INVITATION_TTL_DAYS * 86_400_000);

    // Nobody signs in to a profile without a password, whatever they try.
    const login = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "invited.one@example.com", password },
        headers: SAME_ORIGIN,
        remoteAddress: uniqueIp(),
      });
    expect((await login("anything at all")).statusCode).toBe(401);

    const log = await auditLog(t, admin);
    expect(log.items).toEqual([
      expect.objectContaining({
        action: "profile.create",
        targetId: profile.id,
        summary: {
          after: {
            tagg: "invited_one",
            email: "invited.one@example.com",
            firstName: "Grace",
            lastName: "Hopper",
          },
        },
      }),
    ]);

    const invitation = await invitationToken(t, "invited.one@example.com");
    expect(invitation.count).toBe(1);
    expect(invitation.mail).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
    expect(invitation.mail).toContain(`${INVITATION_TTL_DAYS} days`);
    clock.advance((INVITATION_TTL_DAYS - 1) * 86_400_000); // still valid after six days
    const set = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token: invitation.token, newPassword: "my own secret" },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    expect(set.statusCode).toBe(200);
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: sessionCookie(set) } });
    // Redeeming the link proved the address it was mailed to.
    expect(me.json()).toMatchObject({ tagg: "invited_one", emailVerified: true });
    expect((await login("my own secret")).statusCode).toBe(200);
  });

  it("lets an invitation expire after 7 days", async () => {
    const clock = manualClock();
    const t = await adminApp(clock);
    const admin = await signInAsAdmin(t);
    await registerTagg(t, "late_one");
    expect((await addProfile(t, admin, profileBody("late_one"))).statusCode).toBe(201);
    const { token } = await invitationToken(t, "late_one@example.com");
    clock.advance(INVITATION_TTL_DAYS * 86_400_000 + 1000);
    const set = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, newPassword: "too late now" },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().code).toBe("invalid_token");
  });

  it("refuses bad input, an unknown tagg, a held tagg and a taken e-mail — writing and mailing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t);
    await giveTagg(t, member, "held_tagg");
    await registerTagg(t, "free_tagg");
    const mailsBefore = (await t.outbox()).length;
    const before = await fingerprintAll(t.db);

    const missing = await addProfile(t, admin, { bio: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      tagg: expect.any(String),
    });

    const unknown = await addProfile(t, admin, profileBody("never_registered"));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: "validation",
      error: ADMIN_PROFILE_MESSAGES.taggNotRegistered,
      fields: { tagg: ADMIN_PROFILE_MESSAGES.taggNotRegistered },
    });

    const held = await addProfile(t, admin, profileBody("held_tagg"));
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: "conflict",
      fields: { tagg: ADMIN_PROFILE_MESSAGES.taggHeld },
    });

    const taken = await addProfile(
      t,
      admin,
      profileBody("free_tagg", { email: member.input.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "email_taken", fields: { email: MESSAGES.emailTaken } });

    expect(await fingerprintAll(t.db)).toEqual(before);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it("answers a member's last activity as a day, never the time of their last request", async () => {
    const clock = manualClock(new Date("2026-03-10T17:42:13Z"));
    const t = await adminApp(clock);
    const member = await registerMember(t);
    clock.advance(60 * 60 * 1000); // 18:42: a signed-in request
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).statusCode).toBe(
      200,
    );
    // Unlocked now: an unlock idle for 30 minutes has ended.
    const admin = await signInAsAdmin(t);
    const res = await t.app.inject({ url: "/api/admin/profiles", headers: admin.headers });
    const row = res.json().items.find((item: { id: string }) => item.id === member.user.id);
    expect(row.lastActive).toBe("2026-03-10");
    expect(res.body).not.toContain("18:42");
  });

  it("PUT /api/admin/profile/{id} replaces names, e-mail and bio, answers the list's item, and audits what changed", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await registerTagg(t, "edit_me");
    const added = (await addProfile(t, admin, profileBody("edit_me"))).json();
    const { id } = added;
    const edit = (payload: Record<string, unknown>, target = id) => editProfile(t, admin, target, payload);

    const renamed = await edit({
      firstName: "Amazing",
      lastName: "Hopper",
      email: "Edit_Me@Example.com",
      bio: "",
    });
    expect(renamed.statusCode).toBe(200);
    const edited = { ...added, firstName: "Amazing", bio: null };
    expect(renamed.json()).toEqual(edited);
    expect(await listedProfile(t, admin, id)).toEqual(edited);
    const updates = (await auditLog(t, admin)).items.filter((item) => item.action === "profile.update");
    expect(updates).toEqual([
      expect.objectContaining({
        targetId: id,
        summary: {
          before: { firstName: "Grace", bio: "Invented the compiler" },
          after: { firstName: "Amazing", bio: null },
        },
      }),
    ]);

    // A bio left out is cleared too: the edit replaces every field.
    const names = { firstName: "Grace", lastName: "Hopper", email: "edit_me@example.com" };
    expect((await edit({ ...names, bio: "Back" })).json().bio).toBe("Back");
    expect((await edit(names)).json().bio).toBeNull();
  });

  it("PUT refuses missing fields, a tagg, a bad e-mail and an unknown id, and changes nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await registerTagg(t, "kept_me");
    const { id } = (await addProfile(t, admin, profileBody("kept_me"))).json();
    const before = await fingerprintAll(t.db);
    const edit = (payload: Record<string, unknown>, target = id) => editProfile(t, admin, target, payload);

    const partial = await edit({ firstName: "Only" });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      code: "validation",
      fields: { lastName: "Last name is required", email: "Email is required" },
    });
    // The tagg is the Taggs section's to change, not an edit of the profile.
    const withTagg = await edit({
      firstName: "A",
      lastName: "B",
      email: "kept_me@example.com",
      tagg: "other",
    });
    expect(withTagg.statusCode).toBe(400);
    expect(
      (await edit({ firstName: "A", lastName: "B", email: "not an email" })).json().fields,
    ).toMatchObject({
      email: "Please enter a valid email address",
    });
    const missing = await edit({ firstName: "A", lastName: "B", email: "a@example.com" }, MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
    expect(await fingerprintAll(t.db)).toEqual(before);
  });

  it("turns a new e-mail into a pending request: the login stays, only the current address is told", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const member = await registerMember(t, { firstName: "Moira" });
    const other = await registerMember(t);
    await verifyEmail(t, member.input.email);
    const mailsBefore = (await t.outbox()).length;
    const edit = (email: string) =>
      editProfile(t, admin, member.user.id, { firstName: "Moira", lastName: "Lovelace", email });

    const moved = await edit("Moira.New@Example.com");
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      email: member.input.email,
      pendingEmail: "moira.new@example.com",
      emailVerified: true,
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, member.user.id));
    expect(row).toMatchObject({ email: member.input.email, pendingEmail: "moira.new@example.com" });

    // One mail, to the current address, saying what was asked and that it waits for the member's word.
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const notice = (mails[0] ?? "").replace(/=\r?\n/g, "");
    expect(notice).toContain(`To: ${member.input.email}`);
    expect(notice).toContain("Subject: An administrator asked to change your Tagit login e-mail");
    expect(notice).toContain("moira.new@example.com");
    expect(notice).toContain(`${TEST_PUBLIC_URL}/dashboard`);
    expect((await t.outbox()).some((mail) => mail.includes("To: moira.new@example.com"))).toBe(false);

    // The audit row records the requested address, not a change of the login.
    const updates = (await auditLog(t, admin)).items.filter((item) => item.action === "profile.update");
    expect(updates.map((item) => item.summary)).toEqual([
      { before: { pendingEmail: null }, after: { pendingEmail: "moira.new@example.com" } },
    ]);

    // The member's own profile says so.
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } });
    expect(me.json()).toMatchObject({ email: member.input.email, pendingEmail: "moira.new@example.com" });

    // An address another member holds is refused and changes nothing.
    const taken = await edit(other.input.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "email_taken", fields: { email: MESSAGES.emailTaken } });
    const dup = await edit(TEST_ADMIN_EMAIL);
    expect(dup.json().code).toBe("email_taken");

    // The current address again clears the request.
    const back = await edit(member.input.email);
    expect(back.json()).toMatchObject({ email: member.input.email, pendingEmail: null });
    expect((await t.outbox()).length).toBe(mailsBefore + 1);
    const list = (await t.app.inject({ url: "/api/admin/profiles", headers: admin.headers })).json();
    expect(list.items.find((item: { id: string }) => item.id === member.user.id).pendingEmail).toBeNull();
  });

  it("keeps an invitation's set-password link working when an e-mail change is only requested", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await registerTagg(t, "invitee");
    const { id } = (await addProfile(t, admin, profileBody("invitee"))).json();
    const invitation = await invitationToken(t, "invitee@example.com");
    const moved = await editProfile(t, admin, id, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "elsewhere@example.com",
    });
    expect(moved.json()).toMatchObject({
      email: "invitee@example.com",
      pendingEmail: "elsewhere@example.com",
    });
    const redeem = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token: invitation.token, newPassword: "still mine" },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    expect(redeem.statusCode).toBe(200);
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: sessionCookie(redeem) } });
    expect(me.json()).toMatchObject({ email: "invitee@example.com", emailVerified: true });
  });

  it("DELETE /api/admin/profile/{id} deletes a member through the self-deletion path: posts, files, analytics, tagg, with an audit row", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const viewer = await registerMember(t);
    const member = await registerMember(t);
    await giveTagg(t, member, "leaving_soon");
    const post = await createPost(t, member, "Goodbye harbour");
    await t.app.inject({
      method: "POST",
      url: "/api/track-search",
      headers: asMember(viewer.cookie),
      payload: { searchTerm: "Goodbye harbour", action: "view", postId: post.id },
    });
    expect((await t.db.select().from(searchAnalytics)).length).toBeGreaterThan(0);
    const filesBefore = await readdir(path.join(t.dataDir, "uploads"));
    expect(filesBefore.length).toBeGreaterThan(0);

    const remove = (target: string) =>
      t.app.inject({ method: "DELETE", url: `/api/admin/profile/${target}`, headers: admin.headers });
    const res = await remove(member.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await listedProfile(t, admin, member.user.id)).toBeUndefined();

    expect(await t.db.select().from(profiles).where(eq(profiles.id, member.user.id))).toEqual([]);
    expect(await t.db.select().from(taggedPosts).where(eq(taggedPosts.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id))).toEqual([]);
    expect(
      await t.db.select().from(searchAnalytics).where(eq(searchAnalytics.targetUserId, member.user.id)),
    ).toEqual([]);
    expect(await t.db.select().from(taggs).where(eq(taggs.tagg, "leaving_soon"))).toEqual([]);
    expect(await readdir(path.join(t.dataDir, "uploads"))).toEqual([]);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).statusCode).toBe(
      401,
    );

    const log = await auditLog(t, admin);
    expect(log.items).toEqual([
      expect.objectContaining({
        action: "profile.delete",
        targetId: member.user.id,
        summary: {
          before: {
            tagg: "leaving_soon",
            email: member.input.email,
            firstName: member.input.firstName,
            lastName: member.input.lastName,
          },
        },
      }),
    ]);
    expect((await remove(member.user.id)).statusCode).toBe(404);
    expect((await remove(MISSING_ID)).statusCode).toBe(404);
  });

  it("refuses to let an administrator delete their own profile from the panel", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const before = await fingerprintAll(t.db);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/profile/${admin.user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "conflict", error: ADMIN_PROFILE_MESSAGES.cannotDeleteSelf });
    expect(await fingerprintAll(t.db)).toEqual(before);
  });
});
