import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import packageJson from "../../package.json" with { type: "json" };
import { type Access, ADMIN_SESSION_HEADER, SESSION_COOKIE } from "./auth.ts";

type Transform = typeof jsonSchemaTransform;

/** The API and the operator endpoints are documented; web app files and the docs' own routes are not. */
const documented = (url: string) => url.startsWith("/api/") || url === "/healthz" || url === "/readyz";

/** What a client must send for each access level, in OpenAPI's terms (either a cookie or a Bearer token). */
const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  public: undefined,
  member: [{ session: [] }, { bearer: [] }],
  admin: [
    { session: [], adminSession: [] },
    { bearer: [], adminSession: [] },
  ],
};

const transform: Transform = (input) => {
  if (!documented(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  const security = access && SECURITY[access];
  return { schema: security ? { ...schema, security } : schema, url };
};

/**
 * An OpenAPI document generated from the routes' zod schemas at /docs/json, and Swagger UI at /docs (its
 * assets are served from the package: no CDN, and nothing inline, so the app's CSP holds). Registered before
 * the routes so it sees them all; `API_DOCS` turns it on or off.
 */
async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Tagit API",
        version: packageJson.version,
        description: "Errors answer `{error, code}` (plus `fields` for validation errors).",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
          bearer: { type: "http", scheme: "bearer" },
          adminSession: { type: "apiKey", in: "header", name: ADMIN_SESSION_HEADER },
        },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}

export const apiDocsPlugin = fp(apiDocs, { name: "tagit-api-docs", dependencies: ["tagit-auth"] });
