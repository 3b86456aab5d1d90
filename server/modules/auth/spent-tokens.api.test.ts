import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TOTP } from "#contract/limits.ts";
import {
  adminSessions,
  authChallenges,
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
  totpCredentials,
} from "#server/db/schema/index.ts";
import { registerMember } from "#server/test/factories.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

const MINUTE = 60_000;

describe("the delete-spent-tokens job", () => {
  it("deletes used and expired links, expired admin unlocks, sign-ins and challenges, and stale app setups; keeps live ones", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await registerMember(t);
    // Members whose authenticator app was set up: one never confirmed it, one did long ago.
    const [staleSetup, confirmedSetup] = [await registerMember(t), await registerMember(t)];
    const now = clock.now().getTime();
    const later = new Date(now + 30 * MINUTE);
    const earlier = new Date(now - MINUTE);
    const link = (name: string, expiresAt: Date, used: boolean) => ({
      userId: member.user.id,
      email: member.input.email,
      tokenHash: `${name}-hash`,
      expiresAt,
      used,
    });
    // Registration mailed verification links: they are live and stay.
    const registrationLinks = await t.db.select().from(emailVerificationTokens);
    expect(registrationLinks).toHaveLength(3);
    await t.db
      .insert(passwordResetTokens)
      .values([
        link("reset-used", later, true),
        link("reset-expired", earlier, false),
        link("reset-expiring-now", clock.now(), false),
        link("reset-live", later, false),
      ]);
    await t.db
      .insert(emailVerificationTokens)
      .values([
        link("verify-used", later, true),
        link("verify-expired", earlier, false),
        link("verify-live", later, false),
      ]);
    const [memberSession] = await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
    if (!memberSession) throw new Error("registration signed the member in");
    const unlock = (name: string, expiresAt: Date) => ({
      tokenHash: `${name}-hash`,
      sessionId: memberSession.id,
      userId: member.user.id,
      expiresAt,
    });
    await t.db
      .insert(adminSessions)
      .values([
        unlock("admin-expired", earlier),
        unlock("admin-expiring-now", clock.now()),
        unlock("admin-live", later),
      ]);
    const challenge = (name: string, expiresAt: Date, kind: "second_factor" | "passkey_confirm") => ({
      kind,
      ...(kind === "second_factor"
        ? { tokenHash: `${name}-hash`, userId: member.user.id }
        : { sessionId: memberSession.id, challenge: name }),
      expiresAt,
    });
    await t.db
      .insert(authChallenges)
      .values([
        challenge("sign-in-expired", earlier, "second_factor"),
        challenge("sign-in-expiring-now", clock.now(), "second_factor"),
        challenge("sign-in-live", later, "second_factor"),
        challenge("passkey-expired", earlier, "passkey_confirm"),
        challenge("passkey-live", later, "passkey_confirm"),
      ]);
    // An unconfirmed setup lasts TOTP.setupMinutes; a confirmed app stays however old.
    const setupWindowAgo = new Date(now - TOTP.setupMinutes * MINUTE);
    const setup = (userId: string, createdAt: Date, enabledAt: Date | null) => ({
      userId,
      sealedSecret: `sealed-${userId}`,
      createdAt,
      enabledAt,
    });
    await t.db
      .insert(totpCredentials)
      .values([
        setup(staleSetup.user.id, new Date(setupWindowAgo.getTime() - MINUTE), null),
        setup(member.user.id, new Date(setupWindowAgo.getTime() + MINUTE), null),
        setup(confirmedSetup.user.id, new Date(now - 48 * 60 * MINUTE), setupWindowAgo),
      ]);

    expect(await t.app.jobs.run("delete-spent-tokens")).toEqual({
      resetLinks: 3,
      verificationLinks: 2,
      adminUnlocks: 2,
      // Three challenges past their time and one stale setup.
      secondFactor: 4,
      // "Wasn't me" links and sign-in places have their own test (new-sign-in.api.test.ts).
      signInAlerts: 0,
    });

    const hashes = (rows: { tokenHash: string }[]) => rows.map((row) => row.tokenHash).sort();
    expect(hashes(await t.db.select().from(passwordResetTokens))).toEqual(["reset-live-hash"]);
    expect(hashes(await t.db.select().from(emailVerificationTokens))).toEqual(
      hashes([...registrationLinks, { tokenHash: "verify-live-hash" }]),
    );
    expect(hashes(await t.db.select().from(adminSessions))).toEqual(["admin-live-hash"]);
    const challenges = await t.db.select().from(authChallenges);
    expect(challenges.map((row) => row.tokenHash ?? row.challenge).sort()).toEqual([
      "passkey-live",
      "sign-in-live-hash",
    ]);
    const setups = await t.db.select().from(totpCredentials);
    expect(setups.map((row) => row.userId).sort()).toEqual([member.user.id, confirmedSetup.user.id].sort());
    // The members' own sessions are not this job's business.
    expect(await t.db.select().from(sessions)).toHaveLength(3);
    // A second run finds nothing more.
    expect(await t.app.jobs.run("delete-spent-tokens")).toEqual({
      resetLinks: 0,
      verificationLinks: 0,
      adminUnlocks: 0,
      secondFactor: 0,
      signInAlerts: 0,
    });
  });
});
