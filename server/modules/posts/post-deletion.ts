import { inArray, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { taggedPosts, uploads } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

/**
 * Deletes the posts `where` picks and the uploads no remaining post uses, in one transaction; answers the
 * deleted posts and the file paths to remove from storage afterwards. A member's own deletion and the data
 * cleanup both delete this way.
 */
export function deletePostsWhere(db: Database, where: SQL | undefined) {
  return withTransaction(db, async (tx) => {
    const deleted = await tx.delete(taggedPosts).where(where).returning({
      id: taggedPosts.id,
      postName: taggedPosts.postName,
      originalImage: taggedPosts.originalImage,
      createdAt: taggedPosts.createdAt,
    });
    const originals = [...new Set(deleted.map((post) => post.originalImage))];
    if (originals.length === 0) return { deleted, files: [] as string[] };
    const stillUsed = await tx
      .select({ originalImage: taggedPosts.originalImage })
      .from(taggedPosts)
      .where(inArray(taggedPosts.originalImage, originals));
    const unused = originals.filter((path) => !stillUsed.some((row) => row.originalImage === path));
    const removed =
      unused.length === 0
        ? []
        : await tx.delete(uploads).where(inArray(uploads.originalPath, unused)).returning();
    const files = removed.flatMap((upload) =>
      [upload.originalPath, upload.scrambledPath, upload.thumbnailPath].filter((p): p is string =>
        Boolean(p),
      ),
    );
    return { deleted, files };
  });
}
