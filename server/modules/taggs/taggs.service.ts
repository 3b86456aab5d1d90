import type { AdminListQuery } from "#contract/api/admin.ts";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import type { InTransaction } from "#server/db/inactive.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { TaggsRepository } from "./taggs.repository.ts";

export type { TaggChanges, TaggRow } from "./taggs.repository.ts";

type Deps = { taggsRepo: TaggsRepository; transact: Transact; taggsRepoOn: (tx: Tx) => TaggsRepository };

export function createTaggsService({ taggsRepo, transact, taggsRepoOn }: Deps) {
  return {
    /** The admin panel's Taggs list. */
    adminList: (query: AdminListQuery) => taggsRepo.list(query),

    /** An administrator's reads and writes of taggs, on their transaction, so each commits with its audit row. */
    adminOn(tx: Tx) {
      const repo = taggsRepoOn(tx);
      return {
        find: repo.find,
        holder: repo.holder,
        create: repo.create,
        update: repo.update,
        remove: repo.remove,
        restoreRemoved: repo.restoreRemoved,
      };
    },

    /** The data cleanup: taggs no member holds, registered before `before`. */
    findInactive: (before: Date, limit: number) => taggsRepo.findUnheld(before, limit),

    /** Deletes those of `ids` that still match; `inTransaction` runs with what went, in the same transaction. */
    deleteInactive: (ids: string[], before: Date, inTransaction: InTransaction) =>
      transact(async (tx) => {
        const deleted = await taggsRepoOn(tx).deleteUnheld(ids, before);
        await inTransaction(tx, deleted);
        return deleted.length;
      }),

    /** Its holder hides their tagg from search (or shows it again), on the privacy change's transaction. */
    setHidden: (tagg: string, hidden: boolean, tx: Tx) => taggsRepoOn(tx).setHidden(tagg, hidden),

    /** The tagg a deleted member held goes with them, on the deletion's transaction. */
    removeWithMember: (tagg: string, tx: Tx) => taggsRepoOn(tx).removeByName(tagg),

    async isAvailable(tagg: string) {
      return { available: !(await taggsRepo.exists(tagg)) };
    },

    /** A member without a tagg claims a free one; search by tagg finds them from then on. */
    async claim(user: ProfileRow, tagg: string): Promise<ProfileRow> {
      if (user.tagg) throw new AppError("conflict", TAGG_MESSAGES.alreadyHave);
      const result = await taggsRepo.claim(user, tagg);
      if ("profile" in result) return result.profile;
      if (result.refused === "taken") throw new AppError("name_taken", TAGG_MESSAGES.taken);
      throw new AppError("conflict", TAGG_MESSAGES.alreadyHave);
    },
  };
}

export type TaggsService = ReturnType<typeof createTaggsService>;
