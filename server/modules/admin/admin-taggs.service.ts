import type { AdminListQuery } from "#contract/api/admin.ts";
import type { AdminTagg, AdminTaggBody } from "#contract/api/admin-taggs.ts";
import { MESSAGES } from "#contract/errors.ts";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { NoticesService } from "../notices/notices.service.ts";
import type { TaggChanges, TaggRow, TaggsService } from "../taggs/taggs.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  /** The taggs module, which owns the `taggs` table. */
  taggs: Pick<TaggsService, "adminList" | "adminOn">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  notices: Pick<NoticesService, "add" | "announce">;
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
export function createAdminTaggsService({ transact, taggs, auditRepoOn, notices }: Deps) {
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
      const repo = taggs.adminOn(tx);
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
      const held = await repo.holder(after.tagg);
      return toAdminTagg(after, held?.subscriptionStatus ?? null, holderOf(held));
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
    update(actor: AuditActor, id: string, body: AdminTaggBody) {
      return change(actor, id, { ...body, reason: body.reason ?? null });
    },

    /** The visibility toggle: a hidden tagg's posts leave public search at once. */
    setHidden(actor: AuditActor, id: string, hidden: boolean) {
      return change(actor, id, { isHidden: hidden });
    },

    /**
     * Deletes a registered tagg. A member holding it keeps their account without a tagg (their posts are no
     * longer found by it, and anyone may claim it): the audit row names them, and they are told in-app, in the
     * same transaction; the notice reaches their open pages after commit.
     */
    async remove(actor: AuditActor, id: string) {
      const announcement = await write(async (tx) => {
        const repo = taggs.adminOn(tx);
        const before = await repo.find(id);
        if (!before) throw notFound();
        const holder = holderOf(await repo.holder(before.tagg));
        const removed = await repo.remove(id);
        if (!removed) throw notFound();
        await auditRepoOn(tx).record({
          actor,
          action: "tagg.delete",
          targetType: "tagg",
          targetId: id,
          summary: { before: { tagg: removed.tagg, email: removed.email, holder } },
        });
        if (!holder) return undefined;
        const notice = await notices.add({ userId: holder.id, kind: "tagg_removed", tagg: removed.tagg }, tx);
        return { userId: holder.id, notice };
      });
      if (announcement) notices.announce(announcement.userId, announcement.notice);
    },
  };
}

export type AdminTaggsService = ReturnType<typeof createAdminTaggsService>;
