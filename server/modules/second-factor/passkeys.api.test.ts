import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SECOND_FACTOR_MESSAGES } from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_NAME_MAX_LENGTH,
  RECENT_AUTHENTICATION_MINUTES,
} from "#contract/limits.ts";
import { passkeys } from "#server/db/schema/index.ts";
import {
  asMember,
  reauthenticate,
  registerMember,
  SAME_ORIGIN,
  sessionCookie,
} from "#server/test/factories.ts";
import {
  addPasskey,
  newPasskey,
  passkeyOptions,
  PASSKEY_REJECTED as REJECTED,
} from "#server/test/passkey-ceremonies.ts";
import { signIn, signInCookieIfSet } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const MINUTE = 60_000;

const postPasskey = (t: TestApp, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/auth/passkeys", headers: asMember(cookie), payload });
const listPasskeys = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/auth/passkeys", headers: asMember(cookie) })).json();
const profileOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).json();

/** `count` stored passkeys, numbered from `from`, put straight into the database (no ceremony). */
const insertPasskeysDirectly = (t: TestApp, userId: string, count: number, from: number) =>
  t.db.insert(passkeys).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      credentialId: `credential-${from + i}`,
      publicKey: "not-a-key",
      name: `Key ${from + i}`,
    })),
  );

describe("adding a passkey", () => {
  it("needs a session and a recent sign-in before it offers options", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await registerMember(t);

    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkeys/options",
      headers: SAME_ORIGIN,
      payload: { purpose: "register" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("unauthenticated");

    clock.advance((RECENT_AUTHENTICATION_MINUTES + 1) * MINUTE);
    const stale = await passkeyOptions(t, "register", member.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: MESSAGES.reauthRequired, code: "reauth_required" });

    await reauthenticate(t, member);
    const options = await passkeyOptions(t, "register", member.cookie);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { id: "localhost", name: "Tagit" },
      user: { name: member.input.email },
      attestation: "none",
      authenticatorSelection: { residentKey: "required" },
      excludeCredentials: [],
    });
  });

  it("adds it by name, lists it, counts it on the profile and signs the member's other sessions out", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const otherDevice = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: SAME_ORIGIN,
      payload: { email: member.input.email, password: member.input.password },
    });
    const otherCookie = `tagit_session=${otherDevice.cookies.find((c) => c.name === "tagit_session")?.value}`;
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(otherCookie) })).statusCode).toBe(
      200,
    );

    const passkey = newPasskey();
    const options = (await passkeyOptions(t, "register", member.cookie)).json();
    const added = await postPasskey(t, member.cookie, {
      response: passkey.register(options),
      name: "  Work laptop  ",
    });
    expect(added.statusCode).toBe(201);
    const record = added.json();
    expect(record).toEqual({
      id: expect.any(String),
      name: "Work laptop",
      createdAt: expect.any(String),
      lastUsedAt: null,
    });

    expect(await listPasskeys(t, member.cookie)).toEqual([record]);
    expect((await profileOf(t, member.cookie)).twoFactor).toEqual({ totp: false, passkeys: 1 });
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(otherCookie) })).statusCode).toBe(
      401,
    );
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, record.id));
    expect(row).toMatchObject({ credentialId: passkey.credentialId, transports: ["internal"], counter: 1 });
  });

  it("asks for a name of at most the limit's length, and a refused body leaves the challenge to answer", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const options = (await passkeyOptions(t, "register", member.cookie)).json();
    const response = newPasskey().register(options);

    const blank = await postPasskey(t, member.cookie, { response, name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: "validation",
      fields: { name: SECOND_FACTOR_MESSAGES.passkeyName },
    });
    const long = await postPasskey(t, member.cookie, {
      response,
      name: "x".repeat(PASSKEY_NAME_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: "validation",
      fields: { name: SECOND_FACTOR_MESSAGES.passkeyNameTooLong },
    });
    expect(await listPasskeys(t, member.cookie)).toEqual([]);

    const longest = "x".repeat(PASSKEY_NAME_MAX_LENGTH);
    const added = await postPasskey(t, member.cookie, { response, name: longest });
    expect(added.statusCode).toBe(201);
    expect(added.json().name).toBe(longest);
  });

  it("refuses a credential registered already, and offers options that exclude it", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const { passkey } = await addPasskey(t, member);

    const options = (await passkeyOptions(t, "register", member.cookie)).json();
    expect(options.excludeCredentials).toEqual([
      { id: passkey.credentialId, type: "public-key", transports: ["internal"] },
    ]);
    const again = await postPasskey(t, member.cookie, { response: passkey.register(options), name: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.passkeyExists, code: "conflict" });
    expect(await listPasskeys(t, member.cookie)).toHaveLength(1);

    // Nor can another member claim it.
    const other = await registerMember(t);
    const theirs = (await passkeyOptions(t, "register", other.cookie)).json();
    const claimed = await postPasskey(t, other.cookie, { response: passkey.register(theirs), name: "Mine" });
    expect(claimed.statusCode).toBe(409);
    expect(await listPasskeys(t, other.cookie)).toEqual([]);
  });

  it("rejects an answer from another origin, for another site or to another challenge, and stores nothing", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const passkey = newPasskey();
    const answers = [
      { origin: "https://tagit.example.evil" },
      { rpId: "tagit.example.evil" },
      { challenge: Buffer.from("a challenge this server never issued").toString("base64url") },
    ];
    for (const overrides of answers) {
      const options = (await passkeyOptions(t, "register", member.cookie)).json();
      const refused = await postPasskey(t, member.cookie, {
        response: passkey.register(options, overrides),
        name: "Phished",
      });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json()).toEqual(REJECTED);
    }
    expect(await listPasskeys(t, member.cookie)).toEqual([]);
    expect((await profileOf(t, member.cookie)).twoFactor.passkeys).toBe(0);
  });

  it("answers a registration challenge once, only the latest one, and only for a few minutes", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await registerMember(t);

    const options = (await passkeyOptions(t, "register", member.cookie)).json();
    expect(
      (await postPasskey(t, member.cookie, { response: newPasskey().register(options), name: "A" }))
        .statusCode,
    ).toBe(201);
    const reused = await postPasskey(t, member.cookie, {
      response: newPasskey().register(options),
      name: "B",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(REJECTED);

    const first = (await passkeyOptions(t, "register", member.cookie)).json();
    await passkeyOptions(t, "register", member.cookie);
    const replaced = await postPasskey(t, member.cookie, {
      response: newPasskey().register(first),
      name: "C",
    });
    expect(replaced.statusCode).toBe(400);

    const late = (await passkeyOptions(t, "register", member.cookie)).json();
    clock.advance((PASSKEY_CHALLENGE_MINUTES + 1) * MINUTE);
    const expired = await postPasskey(t, member.cookie, { response: newPasskey().register(late), name: "D" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(REJECTED);
    expect((await listPasskeys(t, member.cookie)).map((p: { name: string }) => p.name)).toEqual(["A"]);
  });

  it(`holds at most ${MAX_PASSKEYS} passkeys per member`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    await insertPasskeysDirectly(t, member.user.id, MAX_PASSKEYS - 1, 1);

    // Options asked for at one below the cap; another passkey lands before the answer does.
    const options = (await passkeyOptions(t, "register", member.cookie)).json();
    await insertPasskeysDirectly(t, member.user.id, 1, MAX_PASSKEYS);
    const over = await postPasskey(t, member.cookie, {
      response: newPasskey().register(options),
      name: "One more",
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.tooManyPasskeys, code: "conflict" });

    const full = await passkeyOptions(t, "register", member.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.tooManyPasskeys, code: "conflict" });
    expect(await listPasskeys(t, member.cookie)).toHaveLength(MAX_PASSKEYS);
  });

  it(`lets only one of two additions at once take the last place under ${MAX_PASSKEYS}`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    await insertPasskeysDirectly(t, member.user.id, MAX_PASSKEYS - 1, 1);
    const laptop = member.cookie;
    const phone = sessionCookie(await signIn(t, member));
    const laptopOptions = (await passkeyOptions(t, "register", laptop)).json();
    const phoneOptions = (await passkeyOptions(t, "register", phone)).json();

    const answers = await Promise.all([
      postPasskey(t, laptop, { response: newPasskey().register(laptopOptions), name: "Laptop" }),
      postPasskey(t, phone, { response: newPasskey().register(phoneOptions), name: "Phone" }),
    ]);

    // The other is refused for the cap, or for its session, which the first addition ended.
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201,
      expect.toSatisfy((status) => status === 401 || status === 409),
    ]);
    const stored = await t.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id));
    expect(stored).toHaveLength(MAX_PASSKEYS);
  });
});

describe("removing a passkey", () => {
  it("removes the member's own; another member's id is not found and stays; a removed one signs in no more", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const { passkey, record } = await addPasskey(t, member);
    const stranger = await registerMember(t);
    const remove = (cookie: string, id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/auth/passkeys/${id}`, headers: asMember(cookie) });

    const notTheirs = await remove(stranger.cookie, record.id);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.passkeyNotFound, code: "not_found" });
    expect(await listPasskeys(t, member.cookie)).toEqual([record]);

    expect((await remove(member.cookie, record.id)).statusCode).toBe(204);
    expect(await listPasskeys(t, member.cookie)).toEqual([]);
    expect((await profileOf(t, member.cookie)).twoFactor.passkeys).toBe(0);
    expect((await remove(member.cookie, record.id)).statusCode).toBe(404);

    const options = await passkeyOptions(t, "authenticate");
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/passkey",
      headers: { ...SAME_ORIGIN, cookie: signInCookieIfSet(options) },
      payload: { response: passkey.authenticate(options.json()) },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual(REJECTED);
  });
});
