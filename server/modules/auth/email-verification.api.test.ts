import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { EMAIL_VERIFICATION_TTL_HOURS, RATE_LIMITS } from "#contract/limits.ts";
import { asMember, registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";

const VERIFY_SUBJECT = "Subject: Verify your Tagit e-mail address";

function verificationTokenFrom(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/\/verify-email\?token=([\w%-]+)/);
  if (!match?.[1]) throw new Error("no verification link in the e-mail");
  return decodeURIComponent(match[1]);
}

async function linksTo(t: TestApp, email: string) {
  const mails = await t.outbox();
  return mails
    .filter((m) => m.includes(`To: ${email}`) && m.includes(VERIFY_SUBJECT))
    .map(verificationTokenFrom);
}

const verify = (t: TestApp, token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/verify-email",
    payload: { token },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

const profileOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/profile", headers: asMember(cookie) })).json();

const resend = (t: TestApp, cookie: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/resend-verification",
    headers: asMember(cookie),
    remoteAddress: uniqueIp(),
  });

describe("e-mail verification", () => {
  it("mails a single-use link at registration that verifies the address", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    expect((await profileOf(t, member.cookie)).emailVerified).toBe(false);

    const [token] = await linksTo(t, member.input.email);
    expect((await t.outbox()).join("\n")).toContain(`${TEST_PUBLIC_URL}/verify-email?token=`);
    const res = await verify(t, token as string);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, emailVerified: true });
    expect((await profileOf(t, member.cookie)).emailVerified).toBe(true);

    const again = await verify(t, token as string);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MESSAGES.invalidVerificationToken, code: "invalid_token" });
  });

  it(`refuses a link older than ${EMAIL_VERIFICATION_TTL_HOURS} hours and an unknown token`, async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await registerMember(t);
    const [token] = await linksTo(t, member.input.email);
    clock.advance(EMAIL_VERIFICATION_TTL_HOURS * 3_600_000 + 1);
    expect((await verify(t, token as string)).statusCode).toBe(400);
    expect((await verify(t, "made-up")).statusCode).toBe(400);
    expect((await profileOf(t, member.cookie)).emailVerified).toBe(false);
  });

  it("an e-mail change unverifies, mails the new address a link and tells the old one", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const [first] = await linksTo(t, member.input.email);
    expect((await verify(t, first as string)).statusCode).toBe(200);
    const [stale] = await (async () => {
      await resend(t, member.cookie); // verified: no new link
      return linksTo(t, member.input.email);
    })();
    expect(stale).toBe(first);

    const newEmail = `new-${member.input.email}`;
    const change = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: { email: newEmail, currentPassword: member.input.password },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().emailVerified).toBe(false);

    const mails = await t.outbox();
    const notice = mails.filter((m) => m.includes(`To: ${member.input.email}`) && m.includes("was changed"));
    expect(notice).toHaveLength(1);
    // The old address may be someone else's by now: it learns the new one masked.
    expect(notice[0]).toContain("n***@e***.com");
    expect(notice[0]).not.toContain(newEmail);
    const [fresh] = await linksTo(t, newEmail);
    expect((await verify(t, fresh as string)).json()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("a link sent to an old address does not verify the new one", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const [old] = await linksTo(t, member.input.email);
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: { email: `other-${member.input.email}`, currentPassword: member.input.password },
    });
    await t.outbox();
    expect((await verify(t, old as string)).statusCode).toBe(400);
    expect((await profileOf(t, member.cookie)).emailVerified).toBe(false);
  });

  it(`resend answers 202 with a fresh link, at most ${RATE_LIMITS.resendVerification.max} times per member`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    for (let i = 0; i < RATE_LIMITS.resendVerification.max; i++) {
      expect((await resend(t, member.cookie)).statusCode).toBe(202);
    }
    expect(await linksTo(t, member.input.email)).toHaveLength(RATE_LIMITS.resendVerification.max + 1);
    const limited = await resend(t, member.cookie);
    expect(limited.statusCode).toBe(429);
    expect((await resend(t, (await registerMember(t)).cookie)).statusCode).toBe(202);
  });

  it("resend needs a signed-in member", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/resend-verification",
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(401);
  });
});
