import type { AdminListQuery } from "#contract/api/admin.ts";
import type { AdminTagg, AdminTaggBody } from "#contract/api/admin-taggs.ts";
import { MESSAGES } from "#contract/errors.ts";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { TaggChanges, TaggRow, TaggsRepository } from "../taggs/taggs.repository.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  /** The taggs module's repository, built on a transaction: that module owns the `taggs` table. */
  taggsRepoOn: (tx: Tx) => TaggsRepository;
  auditRepoOn: (tx: Tx) => AuditRepository;
  taggsRepo: TaggsRepository;
};

// Field by field rather than rest and spread: a page maps 50 of these, and copying with rest is ~6× slower
// (bench/admin-lists, decision 024).
const toAdminTagg = (row: TaggRow, subscriptionStatus: string | null = null): AdminTagg => ({
  id: row.id,
  tagg: row.tagg,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  reason: row.reason,
  isHidden: row.isHidden,
  subscriptionStatus,
  createdAt: row.createdAt.toISOString(),
});

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
export function createAdminTaggsService({ transact, taggsRepoOn, auditRepoOn, taggsRepo }: Deps) {
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

  /** Applies an edit and audits the fields it changed; an unknown id answers 404. */
  function change(actor: AuditActor, id: string, changes: TaggChanges) {
    return write(async (tx) => {
      const repo = taggsRepoOn(tx);
      const before = await repo.find(id);
      if (!before) throw notFound();
      const after = await repo.update(id, changes);
      if (!after) throw notFound();
      await auditRepoOn(tx).record({
        actor,
        action: "tagg.update",
        targetType: "tagg",
        targetId: id,
        summary: diff(before, after, changes),
      });
      return toAdminTagg(after, await repo.holderSubscription(after.tagg));
    });
  }

  return {
    async list(query: AdminListQuery) {
      const page = await taggsRepo.list(query);
      return {
        ...page,
        items: page.items.map((row) => toAdminTagg(row, row.subscriptionStatus)),
      };
    },

    create(actor: AuditActor, body: AdminTaggBody) {
      return write(async (tx) => {
        const row = await taggsRepoOn(tx).create({ ...body, reason: body.reason ?? null });
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
    update(actor: AuditActor, id: string, body: AdminTaggBody) {
      return change(actor, id, { ...body, reason: body.reason ?? null });
    },

    /** The visibility toggle: a hidden tagg's posts leave public search at once. */
    setHidden(actor: AuditActor, id: string, hidden: boolean) {
      return change(actor, id, { isHidden: hidden });
    },

    remove(actor: AuditActor, id: string) {
      return write(async (tx) => {
        const removed = await taggsRepoOn(tx).remove(id);
        if (!removed) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "tagg.delete",
          targetType: "tagg",
          targetId: id,
          summary: { before: { tagg: removed.tagg, email: removed.email } },
        });
      });
    },
  };
}

export type AdminTaggsService = ReturnType<typeof createAdminTaggsService>;
