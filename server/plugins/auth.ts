import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { CurrentSession, SessionsService } from "#server/modules/auth/sessions.service.ts";

export const ADMIN_SESSION_HEADER = "x-admin-session";

/**
 * The session cookie's name. Over HTTPS it carries the `__Host-` prefix: the browser then accepts it only
 * Secure, for the whole site (Path=/) and from this host alone (no Domain), so a sibling subdomain cannot
 * plant or overwrite it. Plain HTTP (development, tests) cannot set such a cookie and keeps the plain name.
 */
export const sessionCookieName = (secureCookies: boolean) =>
  secureCookies ? "__Host-tagit_session" : "tagit_session";

/**
 * The cookie of a sign-in waiting for its second step (or for a passkey alone): a few minutes long, sent to
 * this site only (SameSite=Strict), and never a session — it opens nothing but that second step.
 */
export const signInCookieName = (secureCookies: boolean) =>
  secureCookies ? "__Host-tagit_sign_in" : "tagit_sign_in";

/** Who may call a route, declared in the route's `config.access`; checked here and nowhere else. */
export type Access = "public" | "member" | "admin";
const ACCESS_LEVELS: readonly unknown[] = ["public", "member", "admin"] satisfies Access[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: CurrentSession | null;
    /** The signed-in member holds the administrator role (not proof of an admin session). */
    isAdmin: boolean;
    /** The token of the sign-in waiting for its second step, from its cookie. */
    signInToken: string | undefined;
  }
  interface FastifyInstance {
    /** Every route registered so far with its final config: what the access check sees. */
    declaredRoutes(): DeclaredRoute[];
  }
  interface FastifyReply {
    startSession(session: { token: string; expiresAt: Date }): void;
    endSession(): void;
    startSignIn(signIn: { token: string; expiresAt: Date }): void;
    endSignIn(): void;
  }
}

/**
 * A registered route and the access it ended up with, after every `onRoute` hook (e.g. the admin scope's),
 * with the schemas it declared.
 */
export type DeclaredRoute = {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
};

type AuthOptions = {
  sessions: SessionsService;
  secureCookies: boolean;
  isAdmin: (user: ProfileRow) => boolean;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice("Bearer ".length).trim() || undefined;
}

/** The signed-in member of a request whose route requires one. */
export function requireMember(request: FastifyRequest): CurrentSession {
  if (!request.auth) throw new AppError("unauthenticated", MESSAGES.notSignedIn);
  return request.auth;
}

const isApiUrl = (url: string) => url === "/api" || url.startsWith("/api/");

/**
 * Access is denied by default: an `/api` route that declares no valid `config.access` stops the app at boot.
 * Checked when the app is ready rather than in `onRoute`, because a scope's own `onRoute` hook (the admin
 * scope forcing `"admin"`) runs after this plugin's.
 */
function undeclaredApiRoutes(routes: readonly DeclaredRoute[]): string[] {
  return routes
    .filter((route) => isApiUrl(route.url) && !ACCESS_LEVELS.includes(route.config.access))
    .map((route) => `${route.method} ${route.url}`);
}

async function sessionAuth(app: FastifyInstance, opts: AuthOptions) {
  const registered: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    registered.push(route);
  });
  app.decorate("declaredRoutes", () =>
    registered.map((route) => ({
      method: [route.method].flat().join(","),
      url: route.url,
      config: (route.config ?? {}) as FastifyContextConfig,
      schema: route.schema,
    })),
  );
  app.addHook("onReady", async () => {
    const undeclared = undeclaredApiRoutes(app.declaredRoutes());
    if (undeclared.length > 0) {
      throw new Error(
        `Every /api route must declare config.access ("public" | "member" | "admin"); missing on: ${undeclared.join(", ")}`,
      );
    }
  });

  const sessionCookie = sessionCookieName(opts.secureCookies);
  const cookieOptions = {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: opts.secureCookies,
    path: "/",
  };

  app.decorateRequest("auth", null);
  app.decorateRequest("isAdmin", false);
  app.decorateReply(
    "startSession",
    function (this: FastifyReply, session: { token: string; expiresAt: Date }) {
      this.setCookie(sessionCookie, session.token, { ...cookieOptions, expires: session.expiresAt });
    },
  );
  app.decorateReply("endSession", function (this: FastifyReply) {
    this.clearCookie(sessionCookie, cookieOptions);
  });

  const signInCookie = signInCookieName(opts.secureCookies);
  const signInCookieOptions = { ...cookieOptions, sameSite: "strict" as const };
  app.decorateRequest("signInToken", undefined);
  app.decorateReply("startSignIn", function (this: FastifyReply, signIn: { token: string; expiresAt: Date }) {
    this.setCookie(signInCookie, signIn.token, { ...signInCookieOptions, expires: signIn.expiresAt });
  });
  app.decorateReply("endSignIn", function (this: FastifyReply) {
    this.clearCookie(signInCookie, signInCookieOptions);
  });

  app.addHook("onRequest", async (request, reply) => {
    // Only non-API routes can arrive without one (web app files, API docs, the 404 handler): they are public.
    const access = request.routeOptions.config.access ?? "public";
    const fromCookie = request.cookies[sessionCookie];
    request.signInToken = request.cookies[signInCookie];
    const token = fromCookie ?? bearerToken(request);
    const adminHeader = access === "admin" ? request.headers[ADMIN_SESSION_HEADER] : undefined;
    if (token) {
      const adminToken = typeof adminHeader === "string" ? adminHeader : undefined;
      request.auth = (await opts.sessions.resolve(token, adminToken)) ?? null;
      request.isAdmin = request.auth ? opts.isAdmin(request.auth.user) : false;
      if (!request.auth && fromCookie) reply.endSession();
      if (request.auth?.renewed && fromCookie) reply.startSession(request.auth);
    }
    if (access === "public") return;
    const auth = requireMember(request);
    if (access === "admin" && !(request.isAdmin && auth.adminUnlocked)) {
      throw new AppError("admin_required", MESSAGES.adminRequired);
    }
  });
  notStoredWhenSignedIn(app);
}

/**
 * An answer to a signed-in request may hold that member's data: unless its route says how it may be cached
 * (an ETag'd answer revalidated in the member's browser, a file), no cache keeps it, not even the browser's.
 */
function notStoredWhenSignedIn(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.auth && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}

export const authPlugin = fp(sessionAuth, {
  name: "tagit-auth",
  dependencies: ["@fastify/cookie", "tagit-error-handler"],
});
