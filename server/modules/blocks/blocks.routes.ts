import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { blockBodySchema, blockIdParamsSchema, blockListSchema, blockSchema } from "#contract/api/blocks.ts";
import { MAX_BLOCK_CHANGES_PER_DAY, MAX_BLOCKS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { BlocksService } from "./blocks.service.ts";

const member = { access: "member" } as const;
const changesPerDay =
  `Blocks and unblocks together count toward ${MAX_BLOCK_CHANGES_PER_DAY} changes a UTC day: past them 429 ` +
  "`rate_limited` with `Retry-After` (seconds to the next day), and nothing changes; a refused or failed " +
  "change does not count.";

/** `/api/blocks`: the members a member blocked — block one, list them, unblock. */
export const blocksRoutes: FastifyPluginAsyncZod<{ blocksService: BlocksService }> = async (
  app,
  { blocksService },
) => {
  app.addHook("onRoute", documentedUnder("Safety"));

  app.post(
    "/api/blocks",
    {
      config: member,
      schema: {
        operationId: "blockMember",
        summary: "Block a member",
        description:
          "By the member's id (from a named row of the caller's analytics, a viewer list or a notice) or their " +
          "tagg. For the blocked member the caller's posts no longer exist — search by name or tagg finds " +
          "nothing, a view answers as for a missing post, the caller's images are 404 — and they are not " +
          "told; their named visits are not recorded and the caller's lists stop showing them, while their " +
          "anonymous visits are recorded as anyone's, so a block tells the caller nothing about who an " +
          "anonymous visitor is. Blocking by tagg shows no more than a search of that tagg: the names are " +
          "null when the search shows none, and a tagg an administrator hid is not found. " +
          "400 `validation` for oneself, 404 `not_found` for nobody, 409 `conflict` " +
          `when already blocked or at ${MAX_BLOCKS} blocks. ${changesPerDay}`,
        errors: ["not_found", "conflict", "rate_limited"],
        body: blockBodySchema,
        response: { 201: blockSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await blocksService.block(requireMember(request).user, request.body)),
  );

  app.get(
    "/api/blocks",
    {
      config: member,
      schema: {
        operationId: "listBlocks",
        summary: "Members I blocked",
        description: "Oldest first.",
        response: { 200: blockListSchema },
      },
    },
    async (request) => blocksService.list(requireMember(request).user),
  );

  app.delete(
    "/api/blocks/:id",
    {
      config: member,
      schema: {
        operationId: "unblockMember",
        summary: "Unblock a member",
        description:
          "Their searches find the caller's posts again from now on. 404 `not_found` for another's block. " +
          changesPerDay,
        errors: ["not_found", "rate_limited"],
        params: blockIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await blocksService.unblock(requireMember(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
