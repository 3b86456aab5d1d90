import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import { clientKey } from "#server/lib/client-address.ts";

type Budget = { max: number; windowMs: number };
type Key = (request: FastifyRequest) => string | undefined;

/** A counter of `budget` per `name` and key, kept where the app's rate limits are (Redis with several instances). */
const counterFor = (app: FastifyInstance, name: string, budget: Budget, key: Key) =>
  app.createRateLimit({
    max: budget.max,
    timeWindow: budget.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });

/**
 * A preHandler that spends one attempt of `budget` under `key(request)` (an account, say) and answers 429 past
 * it. It sits beside a route's per-client `config.rateLimit`: @fastify/rate-limit runs only one of its own
 * route hooks per request, so this second budget is built with `createRateLimit`. Every attempt counts (the
 * counter is incremented atomically before the work), so parallel requests cannot slip past it. Runs after
 * validation, so the key may come from the parsed body; no key, no limit.
 */
export function attemptLimit(app: FastifyInstance, name: string, budget: Budget, key: Key) {
  const limiter = counterFor(app, name, budget, key);
  return async (request: FastifyRequest) => {
    if (key(request) === undefined) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError("rate_limited", MESSAGES.rateLimited);
  };
}

/** Signed-in members are counted by account (one budget for all their browsers), visitors by client. */
export const memberOrClient = (request: FastifyRequest) =>
  request.auth ? `member:${request.auth.user.id}` : `client:${clientKey(request.ip)}`;

/**
 * A budget of *failed* attempts under `key(request)`: the preHandler answers 429 once `budget.max` failures
 * were counted in the window, and the onResponse hook counts an answer in the 4xx range (but a 429, which
 * tried nothing). A success spends nothing. The check reads before the work and the count comes after it, so
 * requests sent in parallel can all pass before the first failure is counted: pair it with a counter that is
 * exact where guessing matters (the admin unlock's per-account one). No key, no limit.
 */
export function failureLimit(app: FastifyInstance, name: string, budget: Budget, key: Key) {
  const limiter = counterFor(app, name, budget, key);
  return {
    preHandler: async (request: FastifyRequest) => {
      if (key(request) === undefined) return;
      const result = await limiter(request, { increment: false });
      if (!result.isAllowed && result.remaining === 0) {
        throw new AppError("rate_limited", MESSAGES.rateLimited);
      }
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      const failed = reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429;
      if (failed && key(request) !== undefined) await limiter(request);
    },
  };
}
