import {
  type Appeal,
  type DecisionKind,
  decisionPath,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationDecision,
  publishedCount,
  type TransparencyResponse,
} from "#contract/api/moderation.ts";
import type { Notice, NoticeDecision } from "#contract/api/notices.ts";
import type { Database } from "#server/db/client.ts";
import type { ModerationAppealRow, ModerationDecisionRow, RemovedTagg } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import type { NoticesService } from "../notices/notices.service.ts";
import { createDecisionsRepository, type DecisionsRepository } from "./decisions.repository.ts";
import { createFiguresRepository, type MonthlyCounter } from "./figures.repository.ts";
import { appealDecidedEmail, decisionEmail } from "./moderation-emails.ts";
import { createReasonsRepository } from "./reasons.repository.ts";

/** The statement of reasons a decision carries, copied from one of the panel's reasons (or the threshold's). */
export type DecisionReason = {
  reasonId: string | null;
  reasonLabel: string;
  reasonRule: string | null;
  reasonText: string | null;
};

/** A restriction being taken. */
export type NewDecision = DecisionReason & {
  userId: string;
  kind: DecisionKind;
  postId?: string;
  postName?: string;
  tagg?: string;
  /** The administrator who decided; null when the report threshold did. */
  decidedBy: string | null;
  removedTagg?: RemovedTagg;
};

/** What to do once the transaction that took or settled a decision has committed: tell the member. */
export type AfterCommit = () => void;

/** A row of the audit log: a member's appeal is one of the steps the log keeps. */
type AuditEntry = {
  actor: { id: string | null; firstName: string; lastName: string };
  action: string;
  targetType: string;
  targetId: string;
  summary: { before?: Record<string, unknown>; after?: Record<string, unknown> };
};

/** An appeal as the admin queue lists it, with its decision, member and deciders. */
export type ListedAppeal = Awaited<ReturnType<DecisionsRepository["listAppeals"]>>["rows"][number];

/**
 * Who lifted a decision, and what that means for an appeal still open against it: `reversed` when the restriction
 * was lifted in the member's favour (reports dismissed, tagg shown again), `upheld` when a harsher decision took
 * over (the post or the tagg removed); with the words the appeal is closed with.
 */
export type LiftedBy = { actorId: string | null; appealOutcome: "upheld" | "reversed"; outcomeText: string };

type Deps = {
  db: Database;
  transact: Transact;
  clock: Clock;
  notices: Pick<NoticesService, "add" | "announce">;
  /** Writes an audit row on the caller's transaction (the admin module keeps the log). */
  recordAudit: (tx: Tx, entry: AuditEntry) => Promise<unknown>;
  /** The member's e-mail address and first name, read on the caller's transaction. */
  memberOf: (userId: string, tx: Tx) => Promise<{ email: string; firstName: string } | undefined>;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
};

const appealWindowEnd = (decidedAt: Date) => {
  const end = new Date(decidedAt);
  end.setUTCMonth(end.getUTCMonth() + MODERATION_LIMITS.appealMonths);
  return end;
};

export function toAppeal(row: ModerationAppealRow): Appeal {
  return {
    id: row.id,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    outcomeText: row.outcomeText,
  };
}

export function toDecision(
  row: ModerationDecisionRow,
  appeal: ModerationAppealRow | null,
): ModerationDecision {
  return {
    id: row.id,
    kind: row.kind,
    subject: {
      ...(row.postName !== null && { postName: row.postName }),
      ...(row.tagg !== null && { tagg: row.tagg }),
    },
    reason: { label: row.reasonLabel, rule: row.reasonRule, text: row.reasonText },
    automatic: row.automatic,
    decidedAt: row.decidedAt.toISOString(),
    appealableUntil: row.appealableUntil.toISOString(),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    appeal: appeal ? toAppeal(appeal) : null,
  };
}

/** What a notice or an e-mail says of a decision. */
const summaryOf = (row: ModerationDecisionRow, appeal: ModerationAppealRow | null): NoticeDecision => ({
  kind: row.kind,
  postName: row.postName,
  tagg: row.tagg,
  reasonLabel: row.reasonLabel,
  automatic: row.automatic,
  appealableUntil: row.appealableUntil,
  appealStatus: appeal?.status ?? null,
});

/**
 * Moderation's statements of reasons, appeals and public figures. A decision is written on the transaction of
 * the restriction it explains, with its `decision` notice; the notice is pushed and the e-mail sent only after
 * that transaction commits (the `AfterCommit` each write answers).
 */
export function createModerationService(deps: Deps) {
  const { db, transact, clock, notices } = deps;
  const decisionsOn = (tx: Tx): DecisionsRepository => createDecisionsRepository(tx);
  const figures = createFiguresRepository(db);

  /** Tells the member in-app now (the notice is written) and, after commit, on their open pages and by e-mail. */
  async function tellMember(
    tx: Tx,
    decision: ModerationDecisionRow,
    kind: "decision" | "appeal_decided",
    email: (member: { firstName: string }, link: string) => { subject: string; text: string; html: string },
  ): Promise<AfterCommit> {
    const notice: Notice = await notices.add({ userId: decision.userId, kind, decisionId: decision.id }, tx);
    const member = await deps.memberOf(decision.userId, tx);
    const link = `${deps.publicUrl}${decisionPath(decision.id)}`;
    return () => {
      notices.announce(decision.userId, notice);
      if (!member) return;
      deps.background.run(`moderation-${kind}-email`, () =>
        deps.mailer.send({ to: member.email, ...email(member, link) }),
      );
    };
  }

  return {
    /** The panel's reasons on the caller's transaction (the admin module audits each change). */
    reasonsOn: (tx: Tx) => createReasonsRepository(tx),
    reasons: () => createReasonsRepository(db).list(),

    /** The reason an administrator chose, copied into the statement; 400 naming `reasonId` when it is gone. */
    async reasonFor(
      body: { reasonId: string; reasonText?: string | undefined },
      tx: Tx,
    ): Promise<DecisionReason> {
      const reason = await createReasonsRepository(tx).find(body.reasonId);
      if (!reason)
        throw new AppError("validation", MODERATION_MESSAGES.reasonUnknown, {
          reasonId: MODERATION_MESSAGES.reasonUnknown,
        });
      return {
        reasonId: reason.id,
        reasonLabel: reason.label,
        reasonRule: reason.rule,
        reasonText: body.reasonText ?? null,
      };
    },

    /** Records a restriction with its statement of reasons, counts it, and writes the member's notice. */
    async decide(tx: Tx, input: NewDecision): Promise<AfterCommit> {
      const decidedAt = clock.now();
      const row = await decisionsOn(tx).insert({
        ...input,
        automatic: input.decidedBy === null,
        decidedAt,
        appealableUntil: appealWindowEnd(decidedAt),
      });
      const counter: MonthlyCounter | undefined =
        row.kind === "post_removed"
          ? "removed"
          : row.kind === "post_hidden"
            ? row.automatic
              ? "hiddenAutomatically"
              : "hiddenByAdmin"
            : undefined;
      if (counter) await createFiguresRepository(tx).count(counter, decidedAt);
      const decision = toDecision(row, null);
      return tellMember(tx, row, "decision", (member, link) =>
        decisionEmail({ member, decision, summary: summaryOf(row, null), link }),
      );
    },

    /**
     * Ends the restrictions of `kinds` still in force about a post or a member's tagg. An appeal still open against
     * one is settled as `by` says, with its words; a reversal is counted.
     */
    async lift(
      tx: Tx,
      of: { postId: string } | { userId: string; tagg: string },
      kinds: DecisionKind[],
      by: LiftedBy,
    ) {
      const now = clock.now();
      const lifted = await decisionsOn(tx).lift(of, kinds, now);
      for (const { openAppealId } of lifted) {
        if (!openAppealId) continue;
        await decisionsOn(tx).decideAppeal(openAppealId, {
          status: by.appealOutcome,
          decidedAt: now,
          decidedBy: by.actorId,
          outcomeText: by.outcomeText,
        });
        if (by.appealOutcome === "reversed") await createFiguresRepository(tx).count("reversed", now);
      }
      return lifted.length;
    },

    /** Counts a member's report of a post for the transparency page. */
    async countReport(counted: boolean) {
      const now = clock.now();
      await transact(async (tx) => {
        const repo = createFiguresRepository(tx);
        await repo.count("reportsReceived", now);
        if (counted) await repo.count("reportsCounted", now);
      });
    },

    /** Records an administrator's review of a reported post: the hours since its first report. */
    async recordReview(tx: Tx, firstReportedAt: Date | null) {
      if (!firstReportedAt) return;
      const now = clock.now();
      const hours = Math.max(0, (now.getTime() - firstReportedAt.getTime()) / 3_600_000);
      await createFiguresRepository(tx).recordReview(Math.round(hours * 100) / 100, now);
    },

    /** The member's decisions, newest first, each with its statement of reasons and appeal. */
    async listOwn(userId: string): Promise<ModerationDecision[]> {
      const rows = await createDecisionsRepository(db).listOwn(userId);
      return rows.map((row) => toDecision(row.decision, row.appeal));
    },

    /**
     * The member appeals one of their decisions, once, while it applies and within its window. Audited with the
     * member as actor, and counted.
     */
    async appeal(
      member: { id: string; firstName: string; lastName: string },
      decisionId: string,
      text: string,
    ): Promise<Appeal> {
      return transact(async (tx) => {
        const repo = decisionsOn(tx);
        const found = await repo.lockOwn(member.id, decisionId);
        if (!found) throw new AppError("not_found", MODERATION_MESSAGES.decisionNotFound);
        if (found.appeal) throw new AppError("appeal_exists", MODERATION_MESSAGES.appealExists);
        const now = clock.now();
        if (found.decision.liftedAt) throw new AppError("appeal_closed", MODERATION_MESSAGES.decisionLifted);
        if (now >= found.decision.appealableUntil)
          throw new AppError("appeal_closed", MODERATION_MESSAGES.appealClosed);
        const appeal = await repo.insertAppeal({ decisionId, text, createdAt: now });
        if (!appeal) throw new AppError("appeal_exists", MODERATION_MESSAGES.appealExists);
        await createFiguresRepository(tx).count("appeals", now);
        await deps.recordAudit(tx, {
          actor: member,
          action: "appeal.create",
          targetType: "moderation-decision",
          targetId: decisionId,
          summary: { after: { appealId: appeal.id, kind: found.decision.kind } },
        });
        return toAppeal(appeal);
      });
    },

    /** The appeals side, on the caller's transaction: what the admin module's queue reads and decides. */
    appealsOn: (tx: Tx) => {
      const repo = decisionsOn(tx);
      return {
        lockAppeal: repo.lockAppeal,
        listAppeals: repo.listAppeals,
        /** Records the outcome, lifts a reversed decision, counts a reversal, and tells the member. */
        async settle(
          found: { appeal: ModerationAppealRow; decision: ModerationDecisionRow },
          outcome: { status: "upheld" | "reversed"; decidedBy: string; outcomeText: string },
        ): Promise<{ appeal: ModerationAppealRow; afterCommit: AfterCommit }> {
          const now = clock.now();
          const appeal = await repo.decideAppeal(found.appeal.id, { ...outcome, decidedAt: now });
          if (!appeal) throw new AppError("appeal_decided", MODERATION_MESSAGES.appealDecided);
          if (outcome.status === "reversed") {
            await repo.liftOne(found.decision.id, now);
            await createFiguresRepository(tx).count("reversed", now);
          }
          const afterCommit = await tellMember(tx, found.decision, "appeal_decided", (member, link) =>
            appealDecidedEmail({
              member,
              summary: summaryOf(found.decision, appeal),
              outcomeText: outcome.outcomeText,
              link,
            }),
          );
          return { appeal, afterCommit };
        },
      };
    },

    /** Removals whose window closed with no appeal open: their posts are now deleted for good. */
    removalsDue: (limit: number) => createDecisionsRepository(db).removalsDue(clock.now(), limit),

    /** The public figures: the latest 24 months, newest first, every count under 10 published as "<10". */
    async transparency(): Promise<TransparencyResponse> {
      const rows = await figures.months(24);
      return {
        months: rows.map((row) => ({
          month: row.month,
          reportsReceived: publishedCount(row.reportsReceived),
          reportsCounted: publishedCount(row.reportsCounted),
          hiddenAutomatically: publishedCount(row.hiddenAutomatically),
          hiddenByAdmin: publishedCount(row.hiddenByAdmin),
          removed: publishedCount(row.removed),
          appeals: publishedCount(row.appeals),
          reversed: publishedCount(row.reversed),
          medianHoursToDecide:
            row.reviews >= MODERATION_LIMITS.transparencyMinimum && row.medianReviewHours !== null
              ? Math.round(row.medianReviewHours * 10) / 10
              : null,
        })),
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
