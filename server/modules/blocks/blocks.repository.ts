import { and, asc, count, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { blockChanges, blocks, profiles, taggs } from "#server/db/schema/index.ts";

export function createBlocksRepository(db: Database) {
  // Asked before every image of another member a signed-in viewer fetches: prepared once.
  const blockedQuery = db
    .select({ id: blocks.id })
    .from(blocks)
    .where(
      and(
        eq(blocks.blockedId, sql.placeholder("viewerId")),
        eq(blocks.blockerId, sql.placeholder("ownerId")),
      ),
    )
    .limit(1)
    .prepare("is_blocked");

  return {
    async findMember(id: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    /** The member holding a tagg, unless an administrator hid the tagg (then, as in a search, nobody holds it). */
    async findMemberByTagg(tagg: string) {
      const [row] = await db
        .select()
        .from(profiles)
        .where(
          and(
            eq(profiles.tagg, tagg),
            sql`not exists (select 1 from ${taggs} where ${taggs.tagg} = ${profiles.tagg} and ${taggs.isHidden})`,
          ),
        )
        .limit(1);
      return row;
    },

    async countOf(blockerId: string) {
      const [row] = await db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, blockerId));
      return row?.n ?? 0;
    },

    /** Adds the block unless it exists (answers undefined then). */
    async insert(blockerId: string, blockedId: string, createdAt: Date, nameShown: boolean) {
      const [row] = await db
        .insert(blocks)
        .values({ blockerId, blockedId, createdAt, nameShown })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    listOf: (blockerId: string) =>
      db
        .select({ block: blocks, member: profiles })
        .from(blocks)
        .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(asc(blocks.createdAt)),

    async delete(blockerId: string, id: string) {
      const deleted = await db
        .delete(blocks)
        .where(and(eq(blocks.id, id), eq(blocks.blockerId, blockerId)))
        .returning({ id: blocks.id });
      return deleted.length === 1;
    },

    /**
     * Counts one block change of the member's on `day` unless they made `max` already that day: one atomic
     * upsert, so changes sent at once are counted one after another and the `max + 1`th is refused (false).
     * Made in the change's transaction, it is given back when the change fails.
     */
    async reserveChange(memberId: string, day: string, max: number) {
      const [row] = await db
        .insert(blockChanges)
        .values({ memberId, day, changes: 1 })
        .onConflictDoUpdate({
          target: blockChanges.memberId,
          set: {
            day,
            changes: sql`case when ${blockChanges.day} = ${day} then ${blockChanges.changes} + 1 else 1 end`,
          },
          setWhere: or(ne(blockChanges.day, day), lt(blockChanges.changes, max)),
        })
        .returning({ changes: blockChanges.changes });
      return row !== undefined;
    },

    async isBlocked(ownerId: string, viewerId: string) {
      return (await blockedQuery.execute({ ownerId, viewerId })).length > 0;
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
