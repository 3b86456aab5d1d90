import { and, desc, eq, gte, inArray } from "drizzle-orm";
import type { NoticeKind, ReportOutcome } from "#contract/api/notices.ts";
import type { Database } from "#server/db/client.ts";
import { memberNotices, moderationAppeals, moderationDecisions, profiles } from "#server/db/schema/index.ts";

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
  decisionId?: string;
  createdAt: Date;
};

/** The `member_notices` table. Build it on a transaction to add a notice with the change it reports. */
export function createNoticesRepository(db: Database) {
  /**
   * Notices with the current name of the visitor an alert is about, and the decision (with its appeal's status) a
   * moderation notice is about.
   */
  const selectNotices = () =>
    db
      .select({
        notice: memberNotices,
        visitorFirstName: profiles.firstName,
        visitorLastName: profiles.lastName,
        decision: {
          kind: moderationDecisions.kind,
          postName: moderationDecisions.postName,
          tagg: moderationDecisions.tagg,
          reasonLabel: moderationDecisions.reasonLabel,
          automatic: moderationDecisions.automatic,
          appealableUntil: moderationDecisions.appealableUntil,
        },
        appealStatus: moderationAppeals.status,
      })
      .from(memberNotices)
      .leftJoin(profiles, eq(profiles.id, memberNotices.visitorId))
      .leftJoin(moderationDecisions, eq(moderationDecisions.id, memberNotices.decisionId))
      .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, memberNotices.decisionId));

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

    /**
     * Deletes a member's `decision` notices about their post `postName` being hidden pending review; answers how
     * many.
     */
    async removeHiddenDecisionNotices(userId: string, postName: string) {
      const hidden = db
        .select({ id: moderationDecisions.id })
        .from(moderationDecisions)
        .where(
          and(
            eq(moderationDecisions.userId, userId),
            eq(moderationDecisions.kind, "post_hidden"),
            eq(moderationDecisions.postName, postName),
          ),
        );
      const rows = await db
        .delete(memberNotices)
        .where(
          and(
            eq(memberNotices.userId, userId),
            eq(memberNotices.kind, "decision"),
            inArray(memberNotices.decisionId, hidden),
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
