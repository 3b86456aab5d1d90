import { and, desc, eq, gte } from "drizzle-orm";
import type { NoticeKind } from "#contract/api/notices.ts";
import type { Database } from "#server/db/client.ts";
import { memberNotices } from "#server/db/schema/index.ts";

/** The `member_notices` table. Build it on a transaction to add a notice with the change it reports. */
export function createNoticesRepository(db: Database) {
  return {
    async add(values: { userId: string; kind: NoticeKind; postName: string; createdAt: Date }) {
      const [row] = await db.insert(memberNotices).values(values).returning();
      if (!row) throw new Error("The notice was not written");
      return row;
    },

    listOwn(userId: string, limit: number) {
      return db
        .select()
        .from(memberNotices)
        .where(eq(memberNotices.userId, userId))
        .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
        .limit(limit);
    },

    listSince(userId: string, since: Date, limit: number) {
      return db
        .select()
        .from(memberNotices)
        .where(and(eq(memberNotices.userId, userId), gte(memberNotices.createdAt, since)))
        .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
        .limit(limit);
    },

    async remove(userId: string, id: string) {
      const rows = await db
        .delete(memberNotices)
        .where(and(eq(memberNotices.id, id), eq(memberNotices.userId, userId)))
        .returning({ id: memberNotices.id });
      return rows.length > 0;
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
