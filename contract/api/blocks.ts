import { z } from "zod";
import { MAX_BLOCK_CHANGES_PER_DAY, MAX_BLOCKS } from "../limits.ts";
import { normaliseTagg, TAGG_MESSAGES, TAGG_PATTERN } from "../taggs.ts";
import { timestampSchema } from "./timestamps.ts";

export const BLOCK_MESSAGES = {
  self: "You can't block yourself",
  notFound: "Member not found",
  already: "You have already blocked this member",
  tooMany: `You have blocked ${MAX_BLOCKS.toLocaleString("en-GB")} members, the most an account can. Unblock someone to block another.`,
  blockNotFound: "Block not found",
  tooManyChanges: `You can block or unblock members ${MAX_BLOCK_CHANGES_PER_DAY} times a day. Please try again tomorrow.`,
} as const;

/** Block someone whose name the member saw in a row of theirs (by id), or by their tagg (with or without "@"). */
export const blockBodySchema = z.union([
  z.strictObject({ memberId: z.uuid({ error: BLOCK_MESSAGES.notFound }) }),
  z.strictObject({
    tagg: z
      .string({ error: TAGG_MESSAGES.format })
      .max(100, { error: TAGG_MESSAGES.format })
      .transform(normaliseTagg)
      .pipe(z.string().regex(TAGG_PATTERN, { error: TAGG_MESSAGES.format })),
  }),
]);
export type BlockBody = z.input<typeof blockBodySchema>;

/**
 * A member the signed-in member blocked. The name is what the blocker could already see of them: none for a
 * member blocked by a tagg whose search shows no name (every post of it hides personal information, or it has
 * none), nor for a member whose profile is hidden.
 */
export const blockSchema = z.object({
  id: z.uuid(),
  member: z.object({
    id: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    tagg: z.string().nullable(),
  }),
  createdAt: timestampSchema,
});
export type Block = z.infer<typeof blockSchema>;
export const blockListSchema = z.array(blockSchema);
export const blockIdParamsSchema = z.strictObject({ id: z.uuid({ error: BLOCK_MESSAGES.blockNotFound }) });
