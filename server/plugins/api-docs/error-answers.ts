import { ERROR_STATUS, type ErrorCode } from "#contract/errors.ts";
import type { Access } from "#server/plugins/auth.ts";

/** What the document needs to know about a route to list the errors it can answer. */
export type OperationFacts = {
  method: string;
  access: Access;
  /** The path has parameters (`/api/tagged-posts/{id}`). */
  hasPathParams: boolean;
  /** The route has a per-client request budget (`config.rateLimit`). */
  rateLimited: boolean;
  /** The route needs a recent sign-in (`config.recentAuthentication`). */
  recentAuthentication: boolean;
  /** Codes the route's own rules answer (a service's `AppError`s), declared in its `schema.errors`. */
  declared: readonly ErrorCode[];
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every error code a route can answer: the ones its own rules declare, plus those any route of its kind gets
 * from the plugins in front of it — a query, body or address the checks refuse (every route), no session
 * (member and admin routes), no admin session or role (admin routes), a foreign Origin, an oversized or
 * non-JSON body (state-changing methods), an unknown or over-long path parameter, a request budget, a sign-in
 * that is not recent enough, and the server's own failures (every route).
 */
export function errorCodesOf(facts: OperationFacts): ErrorCode[] {
  const codes = new Set<ErrorCode>(["validation", "internal", "unavailable"]);
  if (facts.access !== "public") codes.add("unauthenticated");
  if (facts.access === "admin") codes.add("admin_required");
  if (!SAFE_METHODS.has(facts.method)) {
    codes.add("forbidden_origin");
    codes.add("too_large");
    codes.add("unsupported_type");
  }
  if (facts.hasPathParams) {
    codes.add("not_found");
    codes.add("uri_too_long");
  }
  if (facts.rateLimited) codes.add("rate_limited");
  if (facts.recentAuthentication) codes.add("reauth_required");
  for (const code of facts.declared) codes.add(code);
  return [...codes];
}

/** The codes grouped by the status they answer with, statuses in ascending order. */
export function codesByStatus(codes: readonly ErrorCode[]): [number, ErrorCode[]][] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b);
}
