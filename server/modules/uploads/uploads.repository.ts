import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles, taggedPosts, taggs, uploads } from "#server/db/schema/index.ts";

type UploadRow = typeof uploads.$inferSelect;

/** The paths of an upload's stored files. */
const filesOf = (row: UploadRow) =>
  [row.originalPath, row.scrambledPath, row.thumbnailPath].filter((p): p is string => Boolean(p));

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

    async findOwnedOriginal(userId: string, originalPath: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.originalPath, originalPath)))
        .limit(1);
      return row;
    },

    /** Whether a member shows this image as their avatar or wallpaper (which makes it public). */
    async isProfileImage(originalPath: string) {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(or(eq(profiles.profilePictureUrl, originalPath), eq(profiles.wallpaperUrl, originalPath)))
        .limit(1);
      return Boolean(row);
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

    /**
     * Deletes uploads older than `before` that no post, avatar or wallpaper shows (abandoned) and
     * answers their file paths. Safe to run on several instances at once: each row is deleted once.
     */
    async deleteUnusedBefore(before: Date) {
      const rows = await db
        .delete(uploads)
        .where(
          and(
            lt(uploads.createdAt, before),
            sql`not exists (select 1 from ${taggedPosts} where ${taggedPosts.originalImage} = ${uploads.originalPath})`,
            sql`not exists (select 1 from ${profiles} where ${profiles.profilePictureUrl} = ${uploads.originalPath} or ${profiles.wallpaperUrl} = ${uploads.originalPath})`,
          ),
        )
        .returning();
      return rows.flatMap(filesOf);
    },

    /** Deletes the uploads of these originals and answers their file paths. */
    async deleteOriginals(originalPaths: string[]) {
      const rows = await db.delete(uploads).where(inArray(uploads.originalPath, originalPaths)).returning();
      return rows.flatMap(filesOf);
    },

    /**
     * Posts showing this original that search could find — visible (shown by their owner, not held for
     * review), their owner not hidden, the owner's tagg not hidden — with whether they are scrambled.
     */
    async findablePostsUsing(originalPath: string) {
      return db
        .select({ scrambleImage: taggedPosts.scrambleImage })
        .from(taggedPosts)
        .innerJoin(profiles, eq(profiles.id, taggedPosts.userId))
        .where(
          and(
            eq(taggedPosts.originalImage, originalPath),
            eq(taggedPosts.isVisible, true),
            eq(taggedPosts.heldForReview, false),
            eq(profiles.isHidden, false),
            sql`not exists (select 1 from ${taggs} where ${taggs.tagg} = ${profiles.tagg} and ${taggs.isHidden})`,
          ),
        );
    },

    /** The member's own uploads that their posts, avatar or wallpaper show, oldest first: their originals' paths. */
    async originalsShownBy(userId: string) {
      const rows = await db
        .select({ originalPath: uploads.originalPath })
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            or(
              sql`exists (select 1 from ${taggedPosts} where ${taggedPosts.userId} = ${userId} and ${taggedPosts.originalImage} = ${uploads.originalPath})`,
              sql`exists (select 1 from ${profiles} where ${profiles.id} = ${userId} and (${profiles.profilePictureUrl} = ${uploads.originalPath} or ${profiles.wallpaperUrl} = ${uploads.originalPath}))`,
            ),
          ),
        )
        .orderBy(asc(uploads.createdAt), asc(uploads.id));
      return rows.map((row) => row.originalPath);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
