import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { type ProfileRow, profiles, taggs } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

/** Thrown inside the claim's transaction to roll the registered tagg back. */
class MemberAlreadyHasTagg extends Error {}

export type ClaimResult = { profile: ProfileRow } | { refused: "taken" | "already_have" };

export function createTaggsRepository(db: Database) {
  return {
    async exists(tagg: string) {
      const [row] = await db.select({ id: taggs.id }).from(taggs).where(eq(taggs.tagg, tagg)).limit(1);
      return Boolean(row);
    },

    /**
     * Registers the tagg and gives it to a member who has none, in one transaction. Nothing is written when
     * the tagg is taken or the member got one in the meantime (a second tab); the answer says which.
     */
    async claim(
      user: { id: string; firstName: string; lastName: string; email: string },
      tagg: string,
    ): Promise<ClaimResult> {
      try {
        return await withTransaction(db, async (tx) => {
          const [registered] = await tx
            .insert(taggs)
            .values({
              tagg,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              reason: "Claimed by the member",
            })
            .onConflictDoNothing()
            .returning({ id: taggs.id });
          if (!registered) return { refused: "taken" } as const;
          const [updated] = await tx
            .update(profiles)
            .set({ tagg })
            .where(and(eq(profiles.id, user.id), isNull(profiles.tagg)))
            .returning();
          if (!updated) throw new MemberAlreadyHasTagg();
          return { profile: updated };
        });
      } catch (err) {
        if (err instanceof MemberAlreadyHasTagg) return { refused: "already_have" };
        throw err;
      }
    },
  };
}

export type TaggsRepository = ReturnType<typeof createTaggsRepository>;
