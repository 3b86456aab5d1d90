import { BLOCK_MESSAGES, type Block } from "#contract/api/blocks.ts";
import { MAX_BLOCKS } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BlocksRepository } from "./blocks.repository.ts";

type Deps = { blocksRepo: BlocksRepository; clock: Clock };
type BlockInput = { memberId: string } | { tagg: string };

/**
 * How a block shows the blocked member: their tagg, and their name unless their profile is hidden (blocking by
 * tagg must not tell the blocker the name of someone who hides it).
 */
function toBlock(block: { id: string; createdAt: Date }, member: ProfileRow): Block {
  const nameKnown = !member.isHidden;
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
export function createBlocksService({ blocksRepo, clock }: Deps) {
  return {
    async block(blocker: ProfileRow, input: BlockInput): Promise<Block> {
      const member =
        "memberId" in input
          ? await blocksRepo.findMember(input.memberId)
          : await blocksRepo.findMemberByTagg(input.tagg);
      if (!member) throw new AppError("not_found", BLOCK_MESSAGES.notFound);
      if (member.id === blocker.id) throw new AppError("validation", BLOCK_MESSAGES.self);
      if ((await blocksRepo.countOf(blocker.id)) >= MAX_BLOCKS) {
        throw new AppError("conflict", BLOCK_MESSAGES.tooMany);
      }
      const block = await blocksRepo.insert(blocker.id, member.id, clock.now());
      if (!block) throw new AppError("conflict", BLOCK_MESSAGES.already);
      return toBlock(block, member);
    },

    async list(blocker: ProfileRow): Promise<Block[]> {
      const rows = await blocksRepo.listOf(blocker.id);
      return rows.map(({ block, member }) => toBlock(block, member));
    },

    async unblock(blocker: ProfileRow, id: string) {
      if (!(await blocksRepo.delete(blocker.id, id))) {
        throw new AppError("not_found", BLOCK_MESSAGES.blockNotFound);
      }
    },

    /** Whether `ownerId` blocked `viewerId`: then nothing of the owner's exists for the viewer. */
    isBlocked: (ownerId: string, viewerId: string) => blocksRepo.isBlocked(ownerId, viewerId),
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
