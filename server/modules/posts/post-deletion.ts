import { inArray, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { taggedPosts } from "#server/db/schema/index.ts";

/**
 * Deletes the posts `where` picks; answers the deleted posts and the originals no remaining post uses. Run on a
 * transaction: the posts service deletes those uploads, through the uploads module, in the same one. A member's
 * own deletion, moderation and the data cleanup all delete this way.
 */
export async function deletePostsWhere(db: Database, where: SQL | undefined) {
  const deleted = await db.delete(taggedPosts).where(where).returning({
    id: taggedPosts.id,
    postName: taggedPosts.postName,
    originalImage: taggedPosts.originalImage,
    createdAt: taggedPosts.createdAt,
  });
  const originals = [...new Set(deleted.map((post) => post.originalImage))];
  if (originals.length === 0) return { deleted, unusedOriginals: [] as string[] };
  const stillUsed = await db
    .select({ originalImage: taggedPosts.originalImage })
    .from(taggedPosts)
    .where(inArray(taggedPosts.originalImage, originals));
  const unusedOriginals = originals.filter((path) => !stillUsed.some((row) => row.originalImage === path));
  return { deleted, unusedOriginals };
}
