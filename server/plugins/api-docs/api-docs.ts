import { STATUS_CODES } from "node:http";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { ErrorCode } from "#contract/errors.ts";
import packageJson from "../../../package.json" with { type: "json" };
import { type Access, ADMIN_SESSION_HEADER } from "../auth.ts";
import { API_TAGS } from "./api-tags.ts";
import { codesByStatus, errorCodesOf, type OperationFacts } from "./error-answers.ts";
import { nameApiSchemas } from "./named-schemas.ts";

declare module "fastify" {
  interface FastifySchema {
    /** Error codes the route's own rules answer; the document adds the ones every route of its kind can. */
    errors?: readonly ErrorCode[];
    /** A request body the route reads itself (a multipart upload, a signed raw body), as OpenAPI describes it. */
    requestBody?: OpenApiRequestBody;
  }
}

type JsonObject = Record<string, unknown>;
export type OpenApiRequestBody = { description?: string; required?: boolean; content: JsonObject };
type Operation = {
  responses: Record<string, { description: string; content?: JsonObject; headers?: JsonObject }>;
  requestBody?: OpenApiRequestBody;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> } & JsonObject;
} & JsonObject;

/** The API and the operator endpoints are documented; web app files and the docs' own routes are not. */
export const documented = (url: string) => url.startsWith("/api/") || url === "/healthz" || url === "/readyz";

/** What a client must send for each access level, in OpenAPI's terms (either a cookie or a Bearer token). */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  member: [{ session: [] }, { bearer: [] }],
  admin: [
    { session: [], adminSession: [] },
    { bearer: [], adminSession: [] },
  ],
};

const ERROR_BODY_REF = "#/components/schemas/ErrorBody";

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};

/** The document's introduction; `sessionCookie` is the name of the session cookie this server sets. */
const description = (sessionCookie: string) =>
  `
The API of Tagit. Every request and answer is JSON unless an operation says otherwise.

**Signing in.** \`POST /api/auth/login\` sets the \`${sessionCookie}\` cookie. A browser sends it back by itself;
any other client may send the cookie, or its value as \`Authorization: Bearer <value>\`. Operations marked with a
lock need one of the two.

**Administrators.** A signed-in administrator unlocks the admin panel with \`POST /api/admin/session\` (their
password) and sends the \`sessionId\` it answers as the \`${ADMIN_SESSION_HEADER}\` header on every \`/api/admin\` call.

**Origin.** A state-changing request (POST, PUT, PATCH, DELETE) that carries an \`Origin\` header must come from
this server's own origin, and one marked \`Sec-Fetch-Site: cross-site\` or \`same-site\` is refused:
403 \`forbidden_origin\`. Clients that are not browsers send no \`Origin\` and are not affected.

**Errors.** Every error answers \`{"error": "<message for people>", "code": "<code for programs>"}\` with the
status of its code, plus \`fields\` (field → message) for \`validation\` and \`suggestions\` for \`name_taken\`.
Switch on \`code\`, never on the message. Each operation lists the statuses it can answer and their codes.
A 429 or 503 usually carries \`Retry-After\`.
`.trim();

function toOpenApiPath(url: string) {
  return url.replace(/:(\w+)/g, "{$1}");
}

function errorResponse(status: number, codes: readonly ErrorCode[]) {
  return {
    description: `${STATUS_CODES[status]}: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
    content: {
      "application/json": {
        schema: {
          allOf: [
            { $ref: ERROR_BODY_REF },
            { type: "object", required: ["code"], properties: { code: { type: "string", enum: codes } } },
          ],
        },
      },
    },
  };
}

/** Success answers named by their status; a 204 has no body. */
function finishSuccess(operation: Operation) {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (response.description === "Default Response") response.description = STATUS_CODES[status] ?? status;
    if (status === "204") delete response.content;
  }
}

/** Every `$ref` the document reaches from its paths, following references between schemas. */
function referencedSchemas(doc: Document): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/components/schemas/")) {
        const name = inner.slice("#/components/schemas/".length);
        if (!seen.has(name)) {
          seen.add(name);
          visit(doc.components.schemas?.[name]);
        }
      } else visit(inner);
    }
  };
  visit(doc.paths);
  return seen;
}

/**
 * An OpenAPI 3.1 document generated from the routes' zod schemas at /docs/json, and Swagger UI at /docs (its
 * assets are served from the package: no CDN, and nothing inline, so the app's CSP holds). Each operation gets
 * the errors it can answer (its own `schema.errors` and those of its kind), its access as `security`, and its
 * module's tag; shared shapes are named components. Registered before the routes so it sees them all.
 */
async function apiDocs(app: FastifyInstance, opts: { publicUrl: string; sessionCookie: string }) {
  const facts = new Map<string, OperationFacts & { requestBody?: OpenApiRequestBody }>();
  nameApiSchemas();

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Tagit API",
        version: packageJson.version,
        description: description(opts.sessionCookie),
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: new URL(opts.publicUrl).origin, description: "This Tagit server" }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: opts.sessionCookie,
            description: "Set by sign-in.",
          },
          bearer: {
            type: "http",
            scheme: "bearer",
            description: `The ${opts.sessionCookie} cookie's value.`,
          },
          adminSession: {
            type: "apiKey",
            in: "header",
            name: ADMIN_SESSION_HEADER,
            description: "The `sessionId` of `POST /api/admin/session`.",
          },
        },
      },
    },
    transform: (input) => {
      if (!documented(input.url)) return { schema: { hide: true }, url: input.url };
      const { errors = [], requestBody, ...schema } = input.schema ?? {};
      const result = jsonSchemaTransform({ ...input, schema });
      const access = input.route.config?.access ?? "public";
      const path = toOpenApiPath(result.url);
      for (const method of [input.route.method].flat()) {
        facts.set(`${method.toLowerCase()} ${path}`, {
          method,
          access,
          hasPathParams: path.includes("{"),
          rateLimited: Boolean(input.route.config?.rateLimit),
          recentAuthentication: Boolean(input.route.config?.recentAuthentication),
          declared: errors,
          requestBody,
        });
      }
      return { schema: { ...result.schema, security: SECURITY[access] }, url: result.url };
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as unknown as Document;
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const fact = facts.get(`${method} ${path}`);
          if (!fact) continue;
          finishSuccess(operation);
          if (fact.requestBody) operation.requestBody = fact.requestBody;
          for (const [status, codes] of codesByStatus(errorCodesOf(fact))) {
            operation.responses[status] = errorResponse(status, codes);
          }
        }
      }
      const used = referencedSchemas(doc);
      for (const name of Object.keys(doc.components.schemas ?? {})) {
        if (!used.has(name)) delete doc.components.schemas?.[name];
      }
      return doc as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}

export const apiDocsPlugin = fp(apiDocs, { name: "tagit-api-docs", dependencies: ["tagit-auth"] });
