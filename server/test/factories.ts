import { randomUUID } from "node:crypto";
import { TOTP } from "#contract/limits.ts";
import { anonymousActivityPending } from "#server/db/schema/index.ts";
import { totpCodeAt } from "#server/modules/second-factor/totp.ts";
import { png, uploadImage } from "./images.ts";
import { asMember, SAME_ORIGIN } from "./request-headers.ts";
import type { TestApp } from "./test-app.ts";

// Tests set members up and send their requests with one import.
export { asMember, SAME_ORIGIN };

/** A registration body; `referralCode` signs up through a referral link. */
export function memberInput(
  overrides: Partial<Record<"firstName" | "lastName" | "email" | "password" | "referralCode", string>> = {},
) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse",
    ...overrides,
  };
}

/** The session cookie of a response, ready to send back as a `cookie` header. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === "tagit_session");
  if (!cookie) throw new Error("response set no session cookie");
  return `tagit_session=${cookie.value}`;
}

let ipCounter = 0;
/** A distinct client address, so factories never trip the per-client rate limits under test. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Registers a member through the API and returns their input, user and cookie. */
export async function registerMember({ app }: TestApp, overrides: Parameters<typeof memberInput>[0] = {}) {
  const input = memberInput(overrides);
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: input,
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  // The verification link is written after the answer; a test that fingerprints the database next must not see it land.
  await app.background.drain();
  return {
    input,
    user: response.json().user as { id: string; email: string },
    cookie: sessionCookie(response),
  };
}

/** Confirms it is the member with their password, as the web asks before a change that needs a recent sign-in. */
export async function reauthenticate(
  { app }: Pick<TestApp, "app">,
  member: { cookie: string; input: { password: string } },
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/reauthenticate",
    headers: { cookie: member.cookie, ...SAME_ORIGIN },
    payload: { currentPassword: member.input.password },
  });
  if (response.statusCode !== 204)
    throw new Error(`reauthenticate failed: ${response.statusCode} ${response.body}`);
}

/** A member opening a post, as the search page reports it. */
export const viewPost = (
  t: Pick<TestApp, "app">,
  visitor: { cookie: string },
  post: { id: string; postName: string },
) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: asMember(visitor.cookie),
    payload: { searchTerm: post.postName, action: "view", postId: post.id },
  });

/** `blocker` blocks `blocked` through the API, as the security dialog does. */
export const blockMember = (
  t: Pick<TestApp, "app">,
  blocker: { cookie: string },
  blocked: { user: { id: string } },
) =>
  t.app.inject({
    method: "POST",
    url: "/api/blocks",
    headers: asMember(blocker.cookie),
    payload: { memberId: blocked.user.id },
  });

/** Sets a member's privacy mode (show, hide or pause) through the API, as the privacy card does. */
export const setPrivacyMode = (t: TestApp, member: { cookie: string }, privacyMode: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/privacy-settings",
    headers: asMember(member.cookie),
    payload: { privacyMode },
  });

/** Gives a member a tagg directly in the database (the claim flow has its own tests). */
export async function giveTagg(
  t: TestApp,
  member: { user: { id: string }; input: { firstName: string; lastName: string; email: string } },
  tagg: string,
) {
  const { taggs, profiles } = await import("#server/db/schema/index.ts");
  const { eq } = await import("drizzle-orm");
  await t.db.insert(taggs).values({
    tagg,
    firstName: member.input.firstName,
    lastName: member.input.lastName,
    email: member.input.email,
  });
  await t.db.update(profiles).set({ tagg }).where(eq(profiles.id, member.user.id));
  await t.app.changes.sync();
}

/** Creates a tagged post through the API (upload + create) and answers it. */
export async function createPost(
  t: TestApp,
  member: { cookie: string },
  postName: string,
  extra: Record<string, unknown> = {},
) {
  const upload = (await uploadImage(t, member.cookie, await png(64, 48))).json();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/tagged-posts",
    headers: asMember(member.cookie),
    payload: { postName, originalImage: upload.imageUrl, scrambledImage: upload.scrambledImageUrl, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; postName: string; originalImage: string };
}

/** Redeems the newest verification link mailed to `email`, as the member clicking it would. */
export async function verifyEmail(t: TestApp, email: string) {
  const mails = (await t.outbox()).filter(
    (mail) => mail.includes(`To: ${email}`) && mail.includes("Subject: Verify your Tagit e-mail address"),
  );
  const unfolded = (mails.at(-1) ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const token = unfolded.match(/\/verify-email\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/verify-email",
    payload: { token: decodeURIComponent(token) },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
}

/** Registers a member and verifies their address through the e-mailed link. */
export async function registerVerifiedMember(t: TestApp, overrides: Parameters<typeof memberInput>[0] = {}) {
  const member = await registerMember(t, overrides);
  await verifyEmail(t, member.input.email);
  return member;
}

/** Inserts `count` members straight into the database, without sessions (people to block, say); answers their ids. */
export async function insertMembers(t: TestApp, count: number, firstName = "Other") {
  const { profiles } = await import("#server/db/schema/index.ts");
  const rows = await t.db
    .insert(profiles)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstName,
        lastName: String(i),
        email: `${firstName.toLowerCase()}-${i}-${randomUUID()}@example.com`,
      })),
    )
    .returning({ id: profiles.id });
  return rows.map((row) => row.id);
}

/** Sets when a member's account was created, straight in the database (for the account-age rules of reports). */
export async function setAccountCreatedAt(t: TestApp, member: { user: { id: string } }, createdAt: Date) {
  const { profiles } = await import("#server/db/schema/index.ts");
  const { eq } = await import("drizzle-orm");
  await t.db.update(profiles).set({ createdAt }).where(eq(profiles.id, member.user.id));
  await t.app.changes.sync(); // the cached session hears of the write
}

/**
 * Registers a member whose reports count toward the automatic action (decision 049): a verified address and an
 * account 30 days old by the app's clock — older than the minimum age, and too old to be part of a burst.
 */
export async function registerTrustedReporter(t: TestApp, overrides: Parameters<typeof memberInput>[0] = {}) {
  const member = await registerVerifiedMember(t, overrides);
  await setAccountCreatedAt(t, member, new Date(t.clock.now().getTime() - 30 * 24 * 60 * 60_000));
  return member;
}

export const TEST_ADMIN_EMAIL = "admin@example.com";

/**
 * Sets up an authenticator app for a signed-in member as they would: the setup, then a first code computed from
 * the key. `nextCode()` answers the code of the step after the last one used (each step's code is accepted
 * once): the first call is within the step of skew the server allows; for more, move the test's clock on.
 */
export async function enrolAuthenticatorApp(t: TestApp, member: { cookie: string }) {
  const now = () => t.clock.now();
  const setup = await t.app.inject({
    method: "POST",
    url: "/api/auth/2fa/totp/setup",
    headers: asMember(member.cookie),
  });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enable = await t.app.inject({
    method: "POST",
    url: "/api/auth/2fa/totp/enable",
    headers: asMember(member.cookie),
    payload: { code: await totpCodeAt(secret, now()) },
  });
  if (enable.statusCode !== 200) throw new Error(`totp enable failed: ${enable.statusCode} ${enable.body}`);
  let lastUsedAt = now().getTime();
  return {
    secret,
    recoveryCodes: enable.json().recoveryCodes as string[],
    /** The app's code one step later than the last one used (accepted once, within the skew). */
    nextCode: () => {
      lastUsedAt = Math.max(now().getTime(), lastUsedAt + TOTP.periodSeconds * 1000);
      return totpCodeAt(secret, new Date(lastUsedAt));
    },
  };
}

/**
 * Registers a verified administrator and opens their admin session. Needs an app created with
 * `config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) }`; the headers carry both sessions.
 */
export async function signInAsAdmin(t: TestApp) {
  const admin = await registerVerifiedMember(t, { email: TEST_ADMIN_EMAIL });
  const app = await enrolAuthenticatorApp(t, admin);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(admin.cookie),
    payload: { password: admin.input.password, code: await app.nextCode() },
  });
  if (response.statusCode !== 200)
    throw new Error(`admin session failed: ${response.statusCode} ${response.body}`);
  const headers = { ...asMember(admin.cookie), "x-admin-session": response.json().sessionId as string };
  return { ...admin, headers };
}

/**
 * Releases every anonymous event still held, as if its release time had come (for tests about something
 * else; the release rules themselves are tested with a moving clock in anonymity-attacks.api.test.ts).
 */
export async function releaseAnonymousNow(t: TestApp) {
  await t.db.update(anonymousActivityPending).set({ releaseAt: new Date(0) });
  await t.app.jobs.run("release-anonymous-activity");
}
