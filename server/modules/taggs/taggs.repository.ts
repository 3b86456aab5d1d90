import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles, taggs } from "#server/db/schema/index.ts";

export function createTaggsRepository(db: Database) {
  return {
    async exists(tagg: string) {
      const [row] = await db.select({ id: taggs.id }).from(taggs).where(eq(taggs.tagg, tagg)).limit(1);
      return Boolean(row);
    },

    /**
     * Registers the tagg and gives it to a member who has none, in one transaction; undefined when the
     * tagg is taken or the member already has one (nothing is written then).
     */
    async claim(user: { id: string; firstName: string; lastName: string; email: string }, tagg: string) {
      return db.transaction(async (tx) => {
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
        if (!registered) return undefined;
        const [updated] = await tx
          .update(profiles)
          .set({ tagg, updatedAt: new Date() })
          .where(and(eq(profiles.id, user.id), isNull(profiles.tagg)))
          .returning();
        if (!updated) tx.rollback();
        return updated;
      });
    },
  };
}

export type TaggsRepository = ReturnType<typeof createTaggsRepository>;
