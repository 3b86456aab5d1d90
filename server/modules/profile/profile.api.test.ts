import { readdir } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { passwordResetTokens, profiles, sessions, taggedPosts, uploads } from "#server/db/schema/index.ts";
import {
  asMember,
  registerMember,
  SAME_ORIGIN,
  sessionCookie,
  uniqueIp,
  verifyEmail,
} from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const put = (t: TestApp, cookie: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/profile", headers: asMember(cookie), payload: payload as object });

describe("GET /api/profile", () => {
  it("answers the signed-in member's own profile with a new member's defaults", async () => {
    const t = await createTestApp();
    const { cookie, input } = await registerMember(t);
    const res = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      email: input.email,
      pendingEmail: null,
      firstName: "Ada",
      lastName: "Lovelace",
      tagg: null,
      bio: null,
      profilePictureUrl: null,
      wallpaperUrl: null,
      wallpaperPosition: "50,50",
      theme: "blue",
      subscriptionStatus: "inactive",
      subscriptionCancelAtPeriodEnd: false,
      subscriptionCurrentPeriodEnd: null,
      subscriptionLapsesAt: null,
      paymentCard: null,
      privacyMode: "show",
      isHidden: false,
      emailVerified: false,
      isAdmin: false,
      twoFactor: { totp: false, passkeys: 0 },
      createdAt: expect.any(String),
    });
  });

  it("answers 401 when nobody is signed in", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/profile" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notSignedIn, code: "unauthenticated" });
  });

  it("marks members listed in ADMIN_EMAILS as administrators once they verified the address", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set(["boss@example.com"]) } });
    const { cookie } = await registerMember(t, { email: "Boss@Example.com" });
    await verifyEmail(t, "boss@example.com");
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).json().isAdmin).toBe(true);
  });
});

describe("PUT /api/profile", () => {
  it("changes bio, theme and names, clamping the wallpaper position to 0–100", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const res = await put(t, cookie, {
      bio: "  Hello  ",
      theme: "emerald",
      wallpaperPosition: "120,-5",
      firstName: "Augusta",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bio: "Hello",
      theme: "emerald",
      wallpaperPosition: "100,0",
      firstName: "Augusta",
    });
  });

  it.each([
    [{ theme: "neon" }, "Choose one of the listed themes"],
    [{ wallpaperPosition: "left,top" }, "Wallpaper position must be two numbers as x,y"],
    [{ bio: "x".repeat(501) }, "Bio must be at most 500 characters"],
    [{ bio: "<script>alert(1)</script>" }, "Bio cannot contain < or >"],
    [{ subscriptionStatus: "active" }, undefined],
    [{ role: "admin" }, undefined],
    [{}, "Nothing to update"],
  ])("refuses %j with 400 and changes nothing", async (payload, message) => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const res = await put(t, cookie, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error).toBe(message);
    const me = (await t.app.inject({ url: "/api/profile", headers: { cookie } })).json();
    expect(me).toMatchObject({ theme: "blue", bio: null, subscriptionStatus: "inactive", isAdmin: false });
  });

  it("stamps updatedAt on the member's row without the service setting it", async () => {
    const t = await createTestApp();
    const { cookie, user } = await registerMember(t);
    const stamp = new Date("2020-01-01T00:00:00Z");
    await t.db.update(profiles).set({ updatedAt: stamp }).where(eq(profiles.id, user.id));
    expect((await put(t, cookie, { bio: "Poet" })).statusCode).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.updatedAt.getTime()).toBeGreaterThan(stamp.getTime());
  });

  it("answers the profile unchanged to an update that names only the current e-mail", async () => {
    const t = await createTestApp();
    const { cookie, user, input } = await registerMember(t);
    // A stamp well before now, so that any update would move it.
    const stamp = new Date(t.clock.now().getTime() - 365 * 24 * 60 * 60_000);
    await t.db.update(profiles).set({ updatedAt: stamp }).where(eq(profiles.id, user.id));
    for (const currentPassword of [input.password, undefined]) {
      const res = await put(t, cookie, { email: input.email, currentPassword });
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(input.email.toLowerCase());
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.updatedAt).toEqual(stamp);
  });

  it("changes the e-mail only with the right current password and a free address", async () => {
    const t = await createTestApp();
    const other = await registerMember(t);
    const { cookie, input } = await registerMember(t);

    const missing = await put(t, cookie, { email: "new@example.com" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MESSAGES.currentPasswordRequired);
    expect(missing.json().fields).toEqual({ currentPassword: MESSAGES.currentPasswordRequired });

    const wrong = await put(t, cookie, { email: "new@example.com", currentPassword: "not it at all" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(MESSAGES.wrongCurrentPassword);
    expect(wrong.json().fields).toEqual({ currentPassword: MESSAGES.wrongCurrentPassword });

    const taken = await put(t, cookie, {
      email: other.input.email.toUpperCase(),
      currentPassword: input.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MESSAGES.emailTaken);
    expect(taken.json().fields).toEqual({ email: MESSAGES.emailTaken });

    const ok = await put(t, cookie, { email: "New@Example.com", currentPassword: input.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe("new@example.com");
  });

  it("changes the password, keeps this session and signs out every other one", async () => {
    const t = await createTestApp();
    const { cookie, input } = await registerMember(t);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: input.password },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    const otherCookie = sessionCookie(second);

    const res = await put(t, cookie, { password: "new password!", currentPassword: input.password });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: otherCookie } })).statusCode).toBe(
      401,
    );
  });

  it("answers 401 when nobody is signed in", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: SAME_ORIGIN,
      payload: { bio: "x" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("DELETE /api/profile", () => {
  it("removes the member with their sessions, tokens, posts and files, and leaves others alone", async () => {
    const t = await createTestApp();
    const other = await registerMember(t);
    const { cookie, input, user } = await registerMember(t);
    await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: input.email },
      headers: SAME_ORIGIN,
    });
    await t.app.background.drain();
    const otherUpload = (await uploadImage(t, other.cookie, await png())).json();
    const otherFiles = [otherUpload.imageUrl, otherUpload.scrambledImageUrl, otherUpload.thumbnailUrl]
      .map((url: string) => url.replace("/uploads/", ""))
      .sort();
    const mine = (await uploadImage(t, cookie, await png())).json();
    await t.app.inject({
      method: "POST",
      url: "/api/tagged-posts",
      headers: asMember(cookie),
      payload: {
        postName: "Soon gone",
        originalImage: mine.imageUrl,
        scrambledImage: mine.scrambledImageUrl,
      },
    });
    await uploadImage(t, cookie, await png()); // an upload never used in a post

    const res = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers["set-cookie"])).toMatch(/tagit_session=;/);

    expect(await t.db.select().from(profiles).where(eq(profiles.id, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
    expect((await t.db.select({ n: count() }).from(profiles))[0]?.n).toBe(1);
    expect(await t.db.select().from(taggedPosts).where(eq(taggedPosts.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
    expect(await readdir(path.join(t.dataDir, "uploads"))).toEqual(otherFiles);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: other.cookie } })).statusCode).toBe(
      200,
    );

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: input.password },
      headers: SAME_ORIGIN,
    });
    expect(login.statusCode).toBe(401);
  });

  it("answers 401 when nobody is signed in", async () => {
    const t = await createTestApp();
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/profile", headers: SAME_ORIGIN })).statusCode,
    ).toBe(401);
  });
});
