import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ChangeFeed } from "#server/db/change-feed.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that may have written answers only once this instance's caches have heard of its writes
 * (decision 030): the database's change notifications arrive a moment after the commit, and the member's
 * next request must not read from a cache that has not caught up.
 */
export const readYourWritesPlugin = fp(
  async (app: FastifyInstance, opts: { changes: ChangeFeed }) => {
    app.addHook("onSend", async (request) => {
      if (!SAFE_METHODS.has(request.method)) await opts.changes.sync();
    });
  },
  { name: "tagit-read-your-writes" },
);
