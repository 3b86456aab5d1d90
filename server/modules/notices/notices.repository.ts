import { and, desc, eq, gte } from "drizzle-orm";
import type { NoticeKind, ReportOutcome } from "#contract/api/notices.ts";
import type { Database } from "#server/db/client.ts";
import { memberNotices, profiles } from "#server/db/schema/index.ts";

/**
 * A new notice: about a post (`postName`), for a repeated-search alert about a visitor (`visitorId`), or for a
 * removed tagg about the handle (`tagg`).
 */
export type NewNotice = {
  userId: string;
  kind: NoticeKind;
  postName?: string;
  visitorId?: string;
  tagg?: string;
  outcome?: ReportOutcome;
  createdAt: Date;
};

/** The `member_notices` table. Build it on a transaction to add a notice with the change it reports. */
export function createNoticesRepository(db: Database) {
  /** Notices with the current name of the visitor an alert is about (none for a notice about a post). */
  const selectNotices = () =>
    db
      .select({
        notice: memberNotices,
        visitorFirstName: profiles.firstName,
        visitorLastName: profiles.lastName,
      })
      .from(memberNotices)
      .leftJoin(profiles, eq(profiles.id, memberNotices.visitorId));

  return {
    async add(values: NewNotice) {
      const [row] = await db.insert(memberNotices).values(values).returning({ id: memberNotices.id });
      if (!row) throw new Error("The notice was not written");
      const [added] = await selectNotices().where(eq(memberNotices.id, row.id));
      if (!added) throw new Error("The notice was not written");
      return added;
    },

    listOwn(userId: string, limit: number) {
      return selectNotices()
        .where(eq(memberNotices.userId, userId))
        .orderBy(desc(memberNotices.createdAt), desc(memberNotices.id))
        .limit(limit);
    },

    listSince(userId: string, since: Date, limit: number) {
      return selectNotices()
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

    /**
     * Deletes a member's notices of `kind` about their post `postName` (post names are unique and never change,
     * so the name is the post); answers how many.
     */
    async removeAboutPost(userId: string, kind: NoticeKind, postName: string) {
      const rows = await db
        .delete(memberNotices)
        .where(
          and(
            eq(memberNotices.userId, userId),
            eq(memberNotices.kind, kind),
            eq(memberNotices.postName, postName),
          ),
        )
        .returning({ id: memberNotices.id });
      return rows.length;
    },

    /** Deletes every repeated-search alert, at any member, about this visitor; answers how many. */
    async removeAlertsAbout(visitorId: string) {
      const rows = await db
        .delete(memberNotices)
        .where(and(eq(memberNotices.visitorId, visitorId), eq(memberNotices.kind, "repeated_search")))
        .returning({ id: memberNotices.id });
      return rows.length;
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
/** A notice as read, with the current name of the visitor it is about. */
export type NoticeRow = Awaited<ReturnType<NoticesRepository["add"]>>;
