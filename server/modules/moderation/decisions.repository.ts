import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppealStatus, DecisionKind } from "#contract/api/moderation.ts";
import type { Database } from "#server/db/client.ts";
import { moderationAppeals, moderationDecisions, profiles } from "#server/db/schema/index.ts";

export type NewDecision = typeof moderationDecisions.$inferInsert;

const deciders = alias(profiles, "decision_deciders");
const appealDeciders = alias(profiles, "appeal_deciders");

/** Which decisions a lift applies to: those of one post, or of one member's tagg. */
type DecisionsOf = { postId: string } | { userId: string; tagg: string };

/** The `moderation_decisions` and `moderation_appeals` tables. Build it on a transaction to write with a change. */
export function createDecisionsRepository(db: Database) {
  const decisionsWithAppeals = () =>
    db
      .select({ decision: moderationDecisions, appeal: moderationAppeals })
      .from(moderationDecisions)
      .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id));

  const about = (of: DecisionsOf) =>
    "postId" in of
      ? eq(moderationDecisions.postId, of.postId)
      : and(eq(moderationDecisions.userId, of.userId), eq(moderationDecisions.tagg, of.tagg));

  return {
    async insert(values: NewDecision) {
      const [row] = await db.insert(moderationDecisions).values(values).returning();
      if (!row) throw new Error("The decision was not written");
      return row;
    },

    /** A member's decisions with their appeals, newest first. */
    listOwn: (userId: string) =>
      decisionsWithAppeals()
        .where(eq(moderationDecisions.userId, userId))
        .orderBy(desc(moderationDecisions.decidedAt), desc(moderationDecisions.id)),

    /** One decision of the member with its appeal, its row locked until the transaction ends. */
    async lockOwn(userId: string, id: string) {
      const [row] = await decisionsWithAppeals()
        .where(and(eq(moderationDecisions.id, id), eq(moderationDecisions.userId, userId)))
        .for("update", { of: moderationDecisions });
      return row;
    },

    /**
     * Ends the restrictions of `kinds` still in force about a post or a member's tagg (a hold lifted, the tagg
     * shown again, a later decision taking over); answers the decisions lifted, each with its open appeal's id.
     */
    async lift(of: DecisionsOf, kinds: DecisionKind[], at: Date) {
      const lifted = await db
        .update(moderationDecisions)
        .set({ liftedAt: at })
        .where(and(about(of), inArray(moderationDecisions.kind, kinds), isNull(moderationDecisions.liftedAt)))
        .returning({ id: moderationDecisions.id });
      if (lifted.length === 0) return [];
      const open = await db
        .select({ id: moderationAppeals.id, decisionId: moderationAppeals.decisionId })
        .from(moderationAppeals)
        .where(
          and(
            inArray(
              moderationAppeals.decisionId,
              lifted.map((row) => row.id),
            ),
            eq(moderationAppeals.status, "open"),
          ),
        );
      return lifted.map((row) => ({
        id: row.id,
        openAppealId: open.find((appeal) => appeal.decisionId === row.id)?.id ?? null,
      }));
    },

    /** Ends one decision's restriction (reversed on appeal). */
    async liftOne(id: string, at: Date) {
      await db
        .update(moderationDecisions)
        .set({ liftedAt: at })
        .where(and(eq(moderationDecisions.id, id), isNull(moderationDecisions.liftedAt)));
    },

    /** Files a member's appeal; undefined when the decision already has one. */
    async insertAppeal(values: { decisionId: string; text: string; createdAt: Date }) {
      const [row] = await db.insert(moderationAppeals).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** An appeal with its decision, both rows locked until the transaction ends. */
    async lockAppeal(id: string) {
      const [row] = await db
        .select({ appeal: moderationAppeals, decision: moderationDecisions })
        .from(moderationAppeals)
        .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
        .where(eq(moderationAppeals.id, id))
        .for("update");
      return row;
    },

    /** Records an open appeal's outcome; undefined when it was no longer open. */
    async decideAppeal(
      id: string,
      outcome: {
        status: Exclude<AppealStatus, "open">;
        decidedAt: Date;
        decidedBy: string | null;
        outcomeText: string;
      },
    ) {
      const [row] = await db
        .update(moderationAppeals)
        .set(outcome)
        .where(and(eq(moderationAppeals.id, id), eq(moderationAppeals.status, "open")))
        .returning();
      return row;
    },

    /**
     * The Appeals queue: appeals of `status` (every status when left out), oldest first, after the cursor's
     * (created_at, id); each with the member, the decision and who took it, and who decided the appeal.
     */
    async listAppeals(filter: {
      status?: AppealStatus;
      limit: number;
      after?: { createdAt: Date; id: string };
      /** Only this appeal. */
      id?: string;
    }) {
      const statusIs = filter.status ? eq(moderationAppeals.status, filter.status) : undefined;
      const idIs = filter.id ? eq(moderationAppeals.id, filter.id) : undefined;
      const afterCursor = filter.after
        ? or(
            gt(moderationAppeals.createdAt, filter.after.createdAt),
            and(
              eq(moderationAppeals.createdAt, filter.after.createdAt),
              gt(moderationAppeals.id, filter.after.id),
            ),
          )
        : undefined;
      const rows = await db
        .select({
          appeal: moderationAppeals,
          decision: moderationDecisions,
          member: {
            id: profiles.id,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            tagg: profiles.tagg,
          },
          decisionDecider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName },
          appealDecider: {
            id: appealDeciders.id,
            firstName: appealDeciders.firstName,
            lastName: appealDeciders.lastName,
          },
        })
        .from(moderationAppeals)
        .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
        .innerJoin(profiles, eq(profiles.id, moderationDecisions.userId))
        .leftJoin(deciders, eq(deciders.id, moderationDecisions.decidedBy))
        .leftJoin(appealDeciders, eq(appealDeciders.id, moderationAppeals.decidedBy))
        .where(and(statusIs, idIs, afterCursor))
        .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id))
        .limit(filter.limit);
      const [total] = await db.select({ n: count() }).from(moderationAppeals).where(statusIs);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Removals whose appeal window has closed with no appeal open, whose post still waits: the post is deleted
     * for good now. At most `limit`.
     */
    removalsDue(now: Date, limit: number) {
      return db
        .select({
          id: moderationDecisions.id,
          postId: moderationDecisions.postId,
          userId: moderationDecisions.userId,
        })
        .from(moderationDecisions)
        .where(
          and(
            eq(moderationDecisions.kind, "post_removed"),
            isNull(moderationDecisions.liftedAt),
            sql`${moderationDecisions.postId} is not null`,
            lt(moderationDecisions.appealableUntil, now),
            sql`not exists (select 1 from ${moderationAppeals} where ${moderationAppeals.decisionId} = ${moderationDecisions.id} and ${moderationAppeals.status} = 'open')`,
          ),
        )
        .limit(limit);
    },
  };
}

export type DecisionsRepository = ReturnType<typeof createDecisionsRepository>;
