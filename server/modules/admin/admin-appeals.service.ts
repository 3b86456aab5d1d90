import type { AdminAppeal, AdminAppealsQuery, AppealDecisionBody } from "#contract/api/moderation.ts";
import { MODERATION_MESSAGES } from "#contract/api/moderation.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ListedAppeal, ModerationService } from "../moderation/moderation.service.ts";
import { toDecision } from "../moderation/moderation.service.ts";
import type { NoticesService } from "../notices/notices.service.ts";
import type { PostsService } from "../posts/posts.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { TaggsService } from "../taggs/taggs.service.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { AdminModerationService } from "./admin-moderation.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  moderation: Pick<ModerationService, "appealsOn">;
  adminModeration: Pick<AdminModerationService, "releaseOn" | "purgeOn">;
  posts: Pick<PostsService, "moderationOn">;
  taggs: Pick<TaggsService, "adminOn" | "setHidden">;
  profiles: Pick<ProfileService, "administrators">;
  uploads: Pick<UploadsService, "removeFiles">;
  notices: Pick<NoticesService, "announce">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  adminEmails: ReadonlySet<string>;
};

type Person = { id: string; firstName: string; lastName: string };
type ListedRow = ListedAppeal;

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();
const personOf = (person: Person | null): Person | null =>
  person === null ? null : { id: person.id, firstName: person.firstName, lastName: person.lastName };

/** Where a page of the queue ends: the last appeal's creation time and id (the queue's order, oldest first). */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A cursor of the queue; a tampered one is refused, never handed to the database. */
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError("validation", "Invalid cursor", { cursor: "Invalid cursor" });
  return { createdAt, id };
}

/**
 * The Appeals queue of the Reported posts section. An appeal is decided by an administrator other than the one
 * who took the decision whenever there is one; a reversal restores exactly what the decision took (the post as its
 * owner had it, the tagg if nobody registered it meanwhile, the tagg shown again), an upheld removal deletes the
 * post for good. Every outcome is audited and reaches the member in-app and by e-mail.
 */
export function createAdminAppealsService(deps: Deps) {
  const { transact, moderation, adminEmails } = deps;

  /** Whether `actorId` may decide an appeal of a decision `decidedBy` took, given every administrator's id. */
  const mayDecide = (decidedBy: string | null, actorId: string, administrators: string[]) =>
    decidedBy !== actorId || !administrators.some((id) => id !== actorId);

  function toAdminAppeal(row: ListedRow, actorId: string, administrators: string[]): AdminAppeal {
    const decisionDecider = personOf(row.decisionDecider);
    const others = administrators.some((id) => id !== row.decision.decidedBy);
    return {
      id: row.appeal.id,
      text: row.appeal.text,
      status: row.appeal.status,
      createdAt: row.appeal.createdAt.toISOString(),
      decidedAt: row.appeal.decidedAt?.toISOString() ?? null,
      outcomeText: row.appeal.outcomeText,
      member: { ...row.member },
      decision: { ...toDecision(row.decision, null), decidedBy: decisionDecider },
      decidedBy: personOf(row.appealDecider),
      mayDecide: row.appeal.status === "open" && mayDecide(row.decision.decidedBy, actorId, administrators),
      decidableBy:
        decisionDecider === null
          ? "Any administrator"
          : others
            ? `An administrator other than ${fullName(decisionDecider)}`
            : `${fullName(decisionDecider)}, the only administrator`,
    };
  }

  /** Gives back what a reversed decision took; answers what was restored, and the announcements to make. */
  async function restore(tx: Tx, actor: AuditActor, decision: ListedRow["decision"], outcomeText: string) {
    switch (decision.kind) {
      case "post_hidden": {
        if (!decision.postId) return { restored: false, release: undefined };
        // The appeal's outcome tells the owner; the reporters hear that no rule was broken.
        const release = await deps.adminModeration.releaseOn(tx, actor, decision.postId, outcomeText, false);
        return { restored: release !== undefined, release };
      }
      case "post_removed":
        return {
          restored:
            decision.postId !== null && (await deps.posts.moderationOn(tx).restoreRemoved(decision.postId)),
          release: undefined,
        };
      case "tagg_removed": {
        if (!decision.removedTagg) return { restored: false, release: undefined };
        const result = await deps.taggs.adminOn(tx).restoreRemoved(decision.userId, decision.removedTagg);
        return { restored: result === "restored", why: result, release: undefined };
      }
      case "profile_hidden":
        if (decision.tagg) await deps.taggs.setHidden(decision.tagg, false, tx);
        return { restored: decision.tagg !== null, release: undefined };
    }
  }

  return {
    async list(actor: AuditActor & { id: string }, query: AdminAppealsQuery) {
      const administrators = await deps.profiles.administrators(adminEmails);
      const { rows, total } = await transact((tx) =>
        moderation.appealsOn(tx).listAppeals({
          status: query.status,
          limit: query.limit + 1,
          after: query.cursor ? decodeCursor(query.cursor) : undefined,
        }),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toAdminAppeal(row, actor.id, administrators)),
        total,
        totalCapped: false,
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.appeal) : null,
      };
    },

    async decide(actor: AuditActor & { id: string }, appealId: string, body: AppealDecisionBody) {
      const { afterCommit, files } = await transact(async (tx) => {
        const appeals = moderation.appealsOn(tx);
        const found = await appeals.lockAppeal(appealId);
        if (!found) throw new AppError("not_found", MODERATION_MESSAGES.appealNotFound);
        if (found.appeal.status !== "open")
          throw new AppError("appeal_decided", MODERATION_MESSAGES.appealDecided);
        const administrators = await deps.profiles.administrators(adminEmails, tx);
        if (!mayDecide(found.decision.decidedBy, actor.id, administrators))
          throw new AppError("own_decision", MODERATION_MESSAGES.ownDecision);
        const settled = await appeals.settle(found, {
          status: body.outcome,
          decidedBy: actor.id,
          outcomeText: body.text,
        });
        const restoration =
          body.outcome === "reversed" ? await restore(tx, actor, found.decision, body.text) : undefined;
        const purge =
          body.outcome === "upheld" && found.decision.kind === "post_removed" && found.decision.postId
            ? await deps.adminModeration.purgeOn(tx, {
                decisionId: found.decision.id,
                postId: found.decision.postId,
                userId: found.decision.userId,
              })
            : undefined;
        await deps.auditRepoOn(tx).record({
          actor,
          action: "appeal.decide",
          targetType: "moderation-decision",
          targetId: found.decision.id,
          summary: {
            before: { appealId, status: "open" },
            after: {
              status: body.outcome,
              kind: found.decision.kind,
              ...(restoration && { restored: restoration.restored }),
              ...(restoration &&
                "why" in restoration &&
                restoration.why !== "restored" && { notRestored: restoration.why }),
              ...(purge && { deleted: true }),
            },
          },
        });
        return {
          files: purge ?? [],
          afterCommit: () => {
            settled.afterCommit();
            for (const { userId, notice } of restoration?.release ?? [])
              deps.notices.announce(userId, notice);
          },
        };
      });
      afterCommit();
      await deps.uploads.removeFiles(files);
      const administrators = await deps.profiles.administrators(adminEmails);
      const { rows } = await transact((tx) =>
        moderation.appealsOn(tx).listAppeals({ id: appealId, limit: 1 }),
      );
      const [row] = rows;
      if (!row) throw new AppError("not_found", MODERATION_MESSAGES.appealNotFound);
      return toAdminAppeal(row, actor.id, administrators);
    },
  };
}

export type AdminAppealsService = ReturnType<typeof createAdminAppealsService>;
