import { and, asc, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { type GuessLockout, notLockedOut } from "#server/db/guess-counters.ts";
import {
  authChallenges,
  passkeys,
  profiles,
  recoveryCodes,
  totpCredentials,
} from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

export type ChallengeKind = (typeof authChallenges.$inferSelect)["kind"];
export type ChallengeRow = typeof authChallenges.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;

/** The flags are not an edit of the member's profile: their writes leave `updated_at` as it was. */
const KEEP_UPDATED_AT = sql`${profiles.updatedAt}`;

/**
 * The second-factor tables (authenticator app, recovery codes, passkeys, challenges) and the two flags on the
 * member's row that say what is set up (`totp_enabled`, `passkey_count`), which this module alone writes.
 */
export function createSecondFactorRepository(db: Database) {
  return {
    // The authenticator app.
    async findTotp(userId: string) {
      const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
      return row;
    },

    /** A new unconfirmed secret, replacing an unconfirmed one; nothing when the app is already enabled. */
    async savePendingTotp(userId: string, sealedSecret: string, now: Date) {
      const [row] = await db
        .insert(totpCredentials)
        .values({ userId, sealedSecret, createdAt: now })
        .onConflictDoUpdate({
          target: totpCredentials.userId,
          set: { sealedSecret, createdAt: now, lastUsedStep: null, failures: 0, failedAt: null },
          setWhere: isNull(totpCredentials.enabledAt),
        })
        .returning();
      return row;
    },

    async enableTotp(userId: string, step: number, now: Date) {
      await db
        .update(totpCredentials)
        .set({ enabledAt: now, lastUsedStep: step })
        .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.enabledAt)));
      await db
        .update(profiles)
        .set({ totpEnabled: true, updatedAt: KEEP_UPDATED_AT })
        .where(eq(profiles.id, userId));
    },

    async deleteTotp(userId: string) {
      await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db
        .update(profiles)
        .set({ totpEnabled: false, updatedAt: KEEP_UPDATED_AT })
        .where(eq(profiles.id, userId));
    },

    /**
     * Takes the code of `step` as used, if no code of that step or a later one was: true when this call took it
     * (two requests racing with one code cannot both succeed).
     */
    async takeStep(userId: string, step: number) {
      const taken = await db
        .update(totpCredentials)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpCredentials.userId, userId),
            or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpCredentials.userId });
      return taken.length === 1;
    },

    /**
     * Reserves one code guess for the member before the code is checked: one more in a row, stamped `now`,
     * unless code entry is locked out. Answers the count with this guess, or undefined when locked (or no app is
     * enabled). One statement, so codes sent at once cannot all be checked.
     */
    async reserveCodeGuess(userId: string, now: Date, lockout: GuessLockout) {
      const [row] = await db
        .update(totpCredentials)
        .set({ failures: sql`${totpCredentials.failures} + 1`, failedAt: now })
        .where(
          and(
            eq(totpCredentials.userId, userId),
            isNotNull(totpCredentials.enabledAt),
            notLockedOut(totpCredentials.failures, totpCredentials.failedAt, lockout),
          ),
        )
        .returning({ failures: totpCredentials.failures });
      return row?.failures;
    },

    async clearCodeFailures(userId: string) {
      await db
        .update(totpCredentials)
        .set({ failures: 0, failedAt: null })
        .where(and(eq(totpCredentials.userId, userId), gt(totpCredentials.failures, 0)));
    },

    /** Setups never confirmed, started before `before`. */
    async deleteStaleTotpSetups(before: Date) {
      const deleted = await db
        .delete(totpCredentials)
        .where(and(isNull(totpCredentials.enabledAt), lt(totpCredentials.createdAt, before)))
        .returning({ userId: totpCredentials.userId });
      return deleted.length;
    },

    // Recovery codes.
    async replaceRecoveryCodes(userId: string, codeHashes: string[]) {
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends an unused code: true when this call spent it. */
    async spendRecoveryCode(userId: string, codeHash: string, now: Date) {
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return spent.length === 1;
    },

    async unusedRecoveryCodes(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    // Passkeys.
    listPasskeys: (userId: string) =>
      db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),

    async findPasskeyByCredentialId(credentialId: string) {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    /**
     * Adds a passkey while the member holds fewer than `limit`: "full" at the limit, undefined when the credential
     * is registered already. The member's row is locked first, so two additions at once, from two of the
     * member's sessions, cannot both count one place left and take it.
     */
    insertPasskeyBelow: (limit: number, values: typeof passkeys.$inferInsert) =>
      withTransaction(db, async (tx) => {
        await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.id, values.userId))
          .for("update");
        const [held] = await tx
          .select({ total: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, values.userId));
        if ((held?.total ?? 0) >= limit) return "full" as const;
        const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing().returning();
        if (row) await refreshPasskeyCount(tx, values.userId);
        return row;
      }),

    async deletePasskey(userId: string, id: string) {
      const deleted = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      if (deleted.length > 0) await refreshPasskeyCount(db, userId);
      return deleted.length === 1;
    },

    /**
     * Records a use whose signature counter moved forward (or a synced passkey's 0, which never moves); answers
     * false when the stored counter has meanwhile reached it.
     */
    async recordPasskeyUse(id: string, counter: number, now: Date) {
      const moved = counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter);
      const updated = await db
        .update(passkeys)
        .set({ counter, lastUsedAt: now })
        .where(and(eq(passkeys.id, id), moved))
        .returning({ id: passkeys.id });
      return updated.length === 1;
    },

    // Challenges.
    async insertChallenge(values: typeof authChallenges.$inferInsert) {
      const [row] = await db.insert(authChallenges).values(values).returning();
      if (!row) throw new Error("challenge insert returned nothing");
      return row;
    },

    /** The live sign-in a cookie's token names. */
    async findSignIn(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.tokenHash, tokenHash), gt(authChallenges.expiresAt, now)));
      return row;
    },

    async setChallenge(id: string, challenge: string) {
      await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
    },

    /** A session's challenges of `kind` go (a new one replaces them: only the latest can be answered). */
    async deleteSessionChallenges(sessionId: string, kind: ChallengeKind) {
      await db
        .delete(authChallenges)
        .where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.kind, kind)));
    },

    /** Takes a session's live challenge of `kind` (it can be answered once). */
    async takeSessionChallenge(sessionId: string, kind: ChallengeKind, now: Date) {
      const [row] = await db
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.sessionId, sessionId),
            eq(authChallenges.kind, kind),
            gt(authChallenges.expiresAt, now),
            isNotNull(authChallenges.challenge),
          ),
        )
        .returning();
      return row;
    },

    /** Takes a sign-in's challenge: the row goes, so its WebAuthn challenge can be answered once. */
    async takeChallenge(id: string) {
      const [row] = await db.delete(authChallenges).where(eq(authChallenges.id, id)).returning();
      return row;
    },

    /**
     * Reserves one code guess on a live sign-in before the code is checked, unless it has had `max` already:
     * answers the count with this guess, or undefined when none is left (or the sign-in is gone).
     */
    async reserveSignInGuess(id: string, max: number, now: Date) {
      const [row] = await db
        .update(authChallenges)
        .set({ failures: sql`${authChallenges.failures} + 1` })
        .where(
          and(eq(authChallenges.id, id), lt(authChallenges.failures, max), gt(authChallenges.expiresAt, now)),
        )
        .returning({ failures: authChallenges.failures });
      return row?.failures;
    },

    /** A reserved sign-in guess that checked no code: given back. */
    async giveBackSignInGuess(id: string) {
      await db
        .update(authChallenges)
        .set({ failures: sql`${authChallenges.failures} - 1` })
        .where(and(eq(authChallenges.id, id), gt(authChallenges.failures, 0)));
    },

    async deleteExpiredChallenges(now: Date) {
      const deleted = await db
        .delete(authChallenges)
        .where(lte(authChallenges.expiresAt, now))
        .returning({ id: authChallenges.id });
      return deleted.length;
    },
  };
}

async function refreshPasskeyCount(db: Database, userId: string) {
  await db
    .update(profiles)
    .set({
      passkeyCount: sql`(select count(*)::int from passkeys where passkeys.user_id = ${userId})`,
      updatedAt: KEEP_UPDATED_AT,
    })
    .where(eq(profiles.id, userId));
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
