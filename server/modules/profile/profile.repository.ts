import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles, taggs, uploads } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

export function createProfileRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.email, email)).limit(1);
      return row;
    },

    async update(id: string, values: Partial<typeof profiles.$inferInsert>) {
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, id)).returning();
      return row;
    },

    /**
     * Removes the member; their sessions, tokens, posts and other owned rows go with them (ON DELETE
     * CASCADE). Answers the paths of their stored files, for the caller to delete once the rows are gone.
     */
    async delete(id: string): Promise<string[]> {
      return withTransaction(db, async (tx) => {
        const files = await tx
          .select({
            original: uploads.originalPath,
            scrambled: uploads.scrambledPath,
            thumbnail: uploads.thumbnailPath,
          })
          .from(uploads)
          .where(eq(uploads.userId, id));
        const [row] = await tx.delete(profiles).where(eq(profiles.id, id)).returning({ tagg: profiles.tagg });
        if (row?.tagg) await tx.delete(taggs).where(eq(taggs.tagg, row.tagg));
        return files.flatMap((f) =>
          [f.original, f.scrambled, f.thumbnail].filter((p): p is string => Boolean(p)),
        );
      });
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
