import { describe, expect, it } from "vitest";
import {
  adminSessions,
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
} from "#server/db/schema/index.ts";
import { registerMember } from "#server/test/factories.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

const MINUTE = 60_000;

describe("the delete-spent-tokens job", () => {
  it("deletes used and expired reset and verification links and expired admin unlocks, and keeps live ones", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await registerMember(t);
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
    // Registration mailed a verification link: it is live and stays.
    const registrationLinks = await t.db.select().from(emailVerificationTokens);
    expect(registrationLinks).toHaveLength(1);
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
    const [memberSession] = await t.db.select().from(sessions);
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

    expect(await t.app.jobs.run("delete-spent-tokens")).toEqual({
      resetLinks: 3,
      verificationLinks: 2,
      adminUnlocks: 2,
    });

    const hashes = (rows: { tokenHash: string }[]) => rows.map((row) => row.tokenHash).sort();
    expect(hashes(await t.db.select().from(passwordResetTokens))).toEqual(["reset-live-hash"]);
    expect(hashes(await t.db.select().from(emailVerificationTokens))).toEqual(
      hashes([...registrationLinks, { tokenHash: "verify-live-hash" }]),
    );
    expect(hashes(await t.db.select().from(adminSessions))).toEqual(["admin-live-hash"]);
    // The member's own session is not this job's business.
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    // A second run finds nothing more.
    expect(await t.app.jobs.run("delete-spent-tokens")).toEqual({
      resetLinks: 0,
      verificationLinks: 0,
      adminUnlocks: 0,
    });
  });
});
