import { BLOCK_MESSAGES, type Block } from "#contract/api/blocks.ts";
import type { ErrorCode } from "#contract/errors.ts";
import { MAX_BLOCK_CHANGES_PER_DAY, MAX_BLOCKS } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError, TryLaterError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { nextUtcMidnight, utcDay } from "#server/lib/days.ts";
import type { SearchService } from "#server/modules/search/search.service.ts";
import type { BlocksRepository } from "./blocks.repository.ts";

type Deps = {
  blocksRepo: BlocksRepository;
  blocksRepoOn: (tx: Tx) => BlocksRepository;
  transact: Transact;
  search: Pick<SearchService, "showsOwnerNameByTagg">;
  clock: Clock;
};
type BlockInput = { memberId: string } | { tagg: string };

/**
 * How a block shows the blocked member: their tagg, and their name when the blocker could already see it and
 * their profile is not hidden. Blocking by tagg shows no more than a search of that tagg would: no name when
 * the search shows none (every post of the tagg hides personal information, or there is none).
 */
function toBlock(block: { id: string; createdAt: Date; nameShown: boolean }, member: ProfileRow): Block {
  const nameKnown = block.nameShown && !member.isHidden;
  return {
    id: block.id,
    member: {
      id: member.id,
      firstName: nameKnown ? member.firstName : null,
      lastName: nameKnown ? member.lastName : null,
      tagg: member.tagg,
    },
    createdAt: block.createdAt.toISOString(),
  };
}

/**
 * Blocking: for the blocked member the blocker's posts do not exist (the search, views and images check
 * `blocks` themselves, in their own queries), and the blocker's lists stop showing them. Free for everyone.
 */
export function createBlocksService({ blocksRepo, blocksRepoOn, transact, search, clock }: Deps) {
  /**
   * Runs one block change in a transaction that first counts it toward the member's changes of the day: past
   * the limit nothing changes (429 until the next UTC day), and a change that fails gives its count back with
   * the rollback, so only changes made count.
   */
  function change<T>(memberId: string, work: (repo: BlocksRepository, now: Date) => Promise<T>) {
    const now = clock.now();
    return transact(async (tx) => {
      const repo = blocksRepoOn(tx);
      if (!(await repo.reserveChange(memberId, utcDay(now), MAX_BLOCK_CHANGES_PER_DAY))) {
        const seconds = Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000);
        throw new TryLaterError(BLOCK_MESSAGES.tooManyChanges, seconds);
      }
      return work(repo, now);
    });
  }

  return {
    async block(blocker: ProfileRow, input: BlockInput): Promise<Block> {
      // Read before the change's transaction: the search reads on the app's database, not on the transaction.
      const nameShown = "memberId" in input || (await search.showsOwnerNameByTagg(input.tagg, blocker.id));
      // What is refused is the member named: the message belongs on the field that named them.
      const refused = (code: ErrorCode, message: string) =>
        new AppError(code, message, { ["memberId" in input ? "memberId" : "tagg"]: message });
      return change(blocker.id, async (repo, now) => {
        const member =
          "memberId" in input
            ? await repo.findMember(input.memberId)
            : await repo.findMemberByTagg(input.tagg);
        if (!member) throw refused("not_found", BLOCK_MESSAGES.notFound);
        if (member.id === blocker.id) throw refused("validation", BLOCK_MESSAGES.self);
        if ((await repo.countOf(blocker.id)) >= MAX_BLOCKS) throw refused("conflict", BLOCK_MESSAGES.tooMany);
        const block = await repo.insert(blocker.id, member.id, now, nameShown);
        if (!block) throw refused("conflict", BLOCK_MESSAGES.already);
        return toBlock(block, member);
      });
    },

    async list(blocker: ProfileRow): Promise<Block[]> {
      const rows = await blocksRepo.listOf(blocker.id);
      return rows.map(({ block, member }) => toBlock(block, member));
    },

    unblock: (blocker: ProfileRow, id: string) =>
      change(blocker.id, async (repo) => {
        if (!(await repo.delete(blocker.id, id)))
          throw new AppError("not_found", BLOCK_MESSAGES.blockNotFound);
      }),

    /** Whether `ownerId` blocked `viewerId`: then nothing of the owner's exists for the viewer. */
    isBlocked: (ownerId: string, viewerId: string) => blocksRepo.isBlocked(ownerId, viewerId),
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
