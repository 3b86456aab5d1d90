import { and, eq, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { taggedPosts, uploads } from "#server/db/schema/index.ts";

export function createUploadsRepository(db: Database) {
  return {
    async insert(values: typeof uploads.$inferInsert) {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error("upload insert returned nothing");
      return row;
    },

    /** The upload one of whose files has this path. */
    async findByAnyPath(filePath: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          or(
            eq(uploads.originalPath, filePath),
            eq(uploads.scrambledPath, filePath),
            eq(uploads.thumbnailPath, filePath),
          ),
        )
        .limit(1);
      return row;
    },

    async findOwned(userId: string, originalPath: string, scrambledPath: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            eq(uploads.originalPath, originalPath),
            eq(uploads.scrambledPath, scrambledPath),
          ),
        )
        .limit(1);
      return row;
    },

    /** Posts showing this original, with whether they are scrambled. */
    async postsUsing(originalPath: string) {
      return db
        .select({ scrambleImage: taggedPosts.scrambleImage })
        .from(taggedPosts)
        .where(eq(taggedPosts.originalImage, originalPath));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
