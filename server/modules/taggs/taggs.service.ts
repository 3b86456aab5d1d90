import { TransactionRollbackError } from "drizzle-orm";
import { TAGG_MESSAGES } from "#contract/api/taggs.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { TaggsRepository } from "./taggs.repository.ts";

export function createTaggsService({ taggsRepo }: { taggsRepo: TaggsRepository }) {
  return {
    async isAvailable(tagg: string) {
      return { available: !(await taggsRepo.exists(tagg)) };
    },

    /** A member without a tagg claims a free one; search by tagg finds them from then on. */
    async claim(user: ProfileRow, tagg: string): Promise<ProfileRow> {
      if (user.tagg) throw new AppError("conflict", TAGG_MESSAGES.alreadyHave);
      try {
        const updated = await taggsRepo.claim(user, tagg);
        if (!updated) throw new AppError("name_taken", TAGG_MESSAGES.taken);
        return updated;
      } catch (err) {
        // The claim rolls back when the member got a tagg in the meantime (a second tab).
        if (err instanceof TransactionRollbackError)
          throw new AppError("conflict", TAGG_MESSAGES.alreadyHave);
        throw err;
      }
    },
  };
}

export type TaggsService = ReturnType<typeof createTaggsService>;
