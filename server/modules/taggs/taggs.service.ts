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
      const result = await taggsRepo.claim(user, tagg);
      if ("profile" in result) return result.profile;
      if (result.refused === "taken") throw new AppError("name_taken", TAGG_MESSAGES.taken);
      throw new AppError("conflict", TAGG_MESSAGES.alreadyHave);
    },
  };
}

export type TaggsService = ReturnType<typeof createTaggsService>;
