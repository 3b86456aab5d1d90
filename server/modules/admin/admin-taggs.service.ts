import type { AdminListQuery } from "#contract/api/admin.ts";
import type { AdminTagg, AdminTaggBody, AdminTaggToggleBody } from "#contract/api/admin-taggs.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { MESSAGES } from "#contract/errors.ts";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AfterCommit, ModerationService } from "../moderation/moderation.service.ts";
import type { TaggChanges, TaggRow, TaggsService } from "../taggs/taggs.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  /** The taggs module, which owns the `taggs` table. */
  taggs: Pick<TaggsService, "adminList" | "adminOn">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  moderation: Pick<ModerationService, "reasonFor" | "decide" | "lift">;
};

/** The member holding a tagg, as the list and the delete confirmation name them. */
type Holder = { id: string; firstName: string; lastName: string };

// Field by field rather than rest and spread: a page maps 50 of these, and copying with rest is ~6× slower
// (bench/admin.ts, decision 024).
const toAdminTagg = (
  row: TaggRow,
  subscriptionStatus: string | null = null,
  holder: Holder | null = null,
): AdminTagg => ({
  id: row.id,
  tagg: row.tagg,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  reason: row.reason,
  isHidden: row.isHidden,
  subscriptionStatus,
  holder,
  createdAt: row.createdAt.toISOString(),
});

const holderOf = (held: Holder | undefined): Holder | null =>
  held ? { id: held.id, firstName: held.firstName, lastName: held.lastName } : null;

/** Only the fields an edit changed, before and after, for the audit row. */
function diff(before: TaggRow, after: TaggRow, changes: TaggChanges) {
  const keys = (Object.keys(changes) as (keyof TaggChanges)[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const notFound = () => new AppError("not_found", MESSAGES.notFound);

/** The Taggs section of the admin panel. Every write records its audit row in the same transaction. */
export function createAdminTaggsService({ transact, taggs, auditRepoOn, moderation }: Deps) {
  /** Runs a write; a tagg that is already registered answers 409 name_taken (the transaction is rolled back). */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await transact(work);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError("name_taken", TAGG_MESSAGES.taken, { tagg: TAGG_MESSAGES.taken });
      throw err;
    }
  }

  /**
   * Applies an edit and audits the fields it changed (with `reason`'s label when a restriction's); an unknown id
   * answers 404. `then` runs on the same transaction with the tagg before and after.
   */
  function change(
    actor: AuditActor,
    id: string,
    changes: TaggChanges,
    then?: (tx: Tx, before: TaggRow, after: TaggRow) => Promise<{ reason?: string; told?: AfterCommit }>,
  ) {
    return write(async (tx) => {
      const repo = taggs.adminOn(tx);
      const before = await repo.find(id);
      if (!before) throw notFound();
      const after = await repo.update(id, changes);
      if (!after) throw notFound();
      const followUp = then ? await then(tx, before, after) : {};
      const summary = diff(before, after, changes);
      await auditRepoOn(tx).record({
        actor,
        action: "tagg.update",
        targetType: "tagg",
        targetId: id,
        summary: followUp.reason
          ? { ...summary, after: { ...summary.after, reason: followUp.reason } }
          : summary,
      });
      const held = await repo.holder(after.tagg);
      return {
        tagg: toAdminTagg(after, held?.subscriptionStatus ?? null, holderOf(held)),
        told: followUp.told,
      };
    });
  }

  return {
    async list(query: AdminListQuery) {
      const page = await taggs.adminList(query);
      return {
        ...page,
        items: page.items.map((row) =>
          toAdminTagg(
            row,
            row.subscriptionStatus,
            row.holderId === null
              ? null
              : {
                  id: row.holderId,
                  firstName: row.holderFirstName ?? "",
                  lastName: row.holderLastName ?? "",
                },
          ),
        ),
      };
    },

    create(actor: AuditActor, body: AdminTaggBody) {
      return write(async (tx) => {
        const row = await taggs.adminOn(tx).create({ ...body, reason: body.reason ?? null });
        await auditRepoOn(tx).record({
          actor,
          action: "tagg.create",
          targetType: "tagg",
          targetId: row.id,
          summary: { after: { tagg: row.tagg, email: row.email } },
        });
        return toAdminTagg(row);
      });
    },

    /** Edit Tagg: replaces names, tagg, e-mail and reason (a reason left out clears it). */
    async update(actor: AuditActor, id: string, body: AdminTaggBody) {
      return (await change(actor, id, { ...body, reason: body.reason ?? null })).tagg;
    },

    /**
     * The visibility toggle: a hidden tagg's posts leave public search at once. Hiding a tagg a member holds is a
     * decision about them, with one of the panel's reasons (they are told why and how to appeal); showing it
     * again ends that decision (an appeal still open against it is settled in their favour).
     */
    async setHidden(actor: AuditActor, id: string, body: AdminTaggToggleBody) {
      const { tagg, told } = await change(actor, id, { isHidden: body.hidden }, async (tx, before, after) => {
        const holder = await taggs.adminOn(tx).holder(after.tagg);
        if (body.hidden && !before.isHidden) {
          const reason = await moderation.reasonFor(
            { reasonId: body.reasonId ?? "", reasonText: body.reasonText },
            tx,
          );
          if (!holder) return { reason: reason.reasonLabel };
          const told = await moderation.decide(tx, {
            ...reason,
            userId: holder.id,
            kind: "profile_hidden",
            tagg: after.tagg,
            decidedBy: actor.id,
          });
          return { reason: reason.reasonLabel, told };
        }
        if (!body.hidden && before.isHidden && holder) {
          await moderation.lift(tx, { userId: holder.id, tagg: after.tagg }, ["profile_hidden"], {
            actorId: actor.id,
            appealOutcome: "reversed",
            outcomeText: "An administrator showed your tagg and its posts in search again.",
          });
        }
        return {};
      });
      told?.();
      return tagg;
    },

    /**
     * Deletes a registered tagg, with one of the panel's reasons. A member holding it keeps their account without
     * a tagg (their posts are no longer found by it, and anyone may claim it): the audit row names them, and the
     * decision tells them why and how to appeal (a reversal registers the tagg to them again if it is still free).
     */
    async remove(actor: AuditActor, id: string, body: RestrictionBody & { reasonId: string }) {
      const told = await write(async (tx) => {
        const repo = taggs.adminOn(tx);
        const before = await repo.find(id);
        if (!before) throw notFound();
        const reason = await moderation.reasonFor(body, tx);
        const holder = holderOf(await repo.holder(before.tagg));
        const removed = await repo.remove(id);
        if (!removed) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "tagg.delete",
          targetType: "tagg",
          targetId: id,
          summary: {
            before: { tagg: removed.tagg, email: removed.email, holder },
            after: { reason: reason.reasonLabel },
          },
        });
        if (!holder) return undefined;
        // The removal takes over from a hiding of the same tagg.
        await moderation.lift(tx, { userId: holder.id, tagg: removed.tagg }, ["profile_hidden"], {
          actorId: actor.id,
          appealOutcome: "upheld",
          outcomeText: "The tagg was removed after review.",
        });
        return moderation.decide(tx, {
          ...reason,
          userId: holder.id,
          kind: "tagg_removed",
          tagg: removed.tagg,
          decidedBy: actor.id,
          removedTagg: {
            tagg: removed.tagg,
            firstName: removed.firstName,
            lastName: removed.lastName,
            email: removed.email,
            reason: removed.reason,
            isHidden: removed.isHidden,
          },
        });
      });
      told?.();
    },
  };
}

export type AdminTaggsService = ReturnType<typeof createAdminTaggsService>;
