import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import { type Budget, routeLimit } from "./route-limit.ts";

type Key = (request: FastifyRequest) => string | undefined;

/** A counter of `budget` per `name` and key, kept where the app's rate limits are (Redis with several instances). */
const counterFor = (app: FastifyInstance, name: string, budget: Budget, key: Key) =>
  app.createRateLimit(routeLimit(budget, (request) => `${name}:${key(request)}`));

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
