import type { FastifyRequest } from "fastify";
import { clientKey } from "#server/lib/client-address.ts";

/** A request budget as `contract/limits.ts` writes it in `RATE_LIMITS`. */
export type Budget = { readonly max: number; readonly windowMs: number };
/** What a budget counts a request under. */
export type LimitKey = (request: FastifyRequest) => string;

/**
 * @fastify/rate-limit's options for one budget of `RATE_LIMITS`: a route's `config.rateLimit`, the options of
 * `app.rateLimit` and of `createRateLimit`. Without `keyGenerator` the plugin's own key counts the client
 * (its address, an IPv6 client by its /64); with one, the route counts what it names.
 */
export function routeLimit(budget: Budget, keyGenerator?: LimitKey) {
  const options = { max: budget.max, timeWindow: budget.windowMs };
  return keyGenerator ? { ...options, keyGenerator } : options;
}

/** Signed-in members are counted by account (one budget for all their browsers), visitors by client. */
export const memberOrClient: LimitKey = (request) =>
  request.auth ? `member:${request.auth.user.id}` : `client:${clientKey(request.ip)}`;
