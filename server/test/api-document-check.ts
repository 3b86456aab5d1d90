import { appendFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { documented } from "#server/plugins/api-docs/api-docs.ts";

type Content = Record<string, { schema?: unknown }>;
type Operation = { responses: Record<string, { content?: Content }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};
type Route = { template: string; pattern: RegExp; params: number; item: Record<string, Operation> };

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);

const routesOfDocument = new WeakMap<Document, Route[]>();
const validators = new Map<string, ValidateFunction>();

function routesOf(doc: Document): Route[] {
  let routes = routesOfDocument.get(doc);
  if (!routes) {
    routes = Object.entries(doc.paths)
      .map(([template, item]) => ({
        template,
        item,
        params: (template.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`),
      }))
      // A static path wins over a parameter in the same place, as in the router.
      .sort((a, b) => a.params - b.params);
    routesOfDocument.set(doc, routes);
  }
  return routes;
}

/** The body's schema with the document's components beside it, so its `#/components/...` references resolve. */
function validatorFor(doc: Document, schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...(schema as object), components: doc.components });
    validators.set(key, validate);
  }
  return validate;
}

/**
 * What is wrong with an answer the app gave, measured against its own OpenAPI document: an operation the
 * document lacks, a status it doesn't list for that operation, a content type it doesn't list, or a JSON body
 * that doesn't match the schema. Null when the answer is as documented.
 */
export function mismatchWithDocument(
  doc: Document,
  request: { method: string; path: string },
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
  const { path } = request;
  const method = request.method.toLowerCase();
  if (!documented(path) || method === "head" || method === "options") return null;
  const what = `${request.method} ${path} → ${response.statusCode}`;
  const operation = routesOf(doc).find((route) => route.pattern.test(path) && route.item[method])?.item[
    method
  ];
  if (!operation) {
    // An address no route serves answers 404, and 429 once a client has tried too many of them.
    const unknownRoute =
      (response.statusCode === 404 && response.body.includes('"route_not_found"')) ||
      (response.statusCode === 429 && response.body.includes('"rate_limited"'));
    return unknownRoute ? null : `${what}: the document has no such operation`;
  }
  const listed = operation.responses[String(response.statusCode)];
  if (!listed) {
    return `${what}: status not in the document (it lists ${Object.keys(operation.responses).join(", ")}); body ${response.body.slice(0, 300)}`;
  }
  if (!listed.content) {
    return response.body === "" ? null : `${what}: the document says no body, but one came`;
  }
  const contentType =
    String(response.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim() ?? "";
  const media = listed.content[contentType];
  if (!media) {
    return `${what}: content type "${contentType}" not in the document (${Object.keys(listed.content).join(", ")})`;
  }
  if (contentType !== "application/json" || media.schema === undefined) return null;
  const validate = validatorFor(doc, media.schema);
  if (validate(JSON.parse(response.body))) return null;
  return `${what}: body does not match the document: ${ajv.errorsText(validate.errors)}; body ${response.body.slice(0, 300)}`;
}

/** The body as the client reads it, after any compression the server applied. */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  return response.body;
}

function requestOf(options: string | InjectOptions): { method: string; path: string } {
  const url = typeof options === "string" ? options : (options.url ?? options.path ?? "/");
  const href = typeof url === "string" ? url : (url.pathname ?? "/");
  const method = typeof options === "string" ? "GET" : (options.method ?? "GET");
  return { method: String(method).toUpperCase(), path: new URL(href, "http://app.test").pathname };
}

/** Set while documenting routes: mismatches are appended to this file instead of failing the test. */
const REPORT_FILE = process.env.API_DOCUMENT_REPORT;

/** Documents by the configuration that shapes the routes, so each test app need not generate its own. */
const documents = new Map<string, Document>();

/**
 * Makes every `app.inject` answer of a test app checked against the app's own OpenAPI document (when the app
 * serves one): an undocumented status or a body that doesn't match its schema fails the test at that request.
 * `routesKey` names what decides which routes the app has (apps with the same key share one document);
 * undefined when only this app's own document will do.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance, routesKey: string | undefined) {
  if (typeof app.swagger !== "function") return;
  const original = app.inject.bind(app) as unknown as (...args: unknown[]) => unknown;
  const checked = async (options: string | InjectOptions) => {
    const response = (await original(options)) as LightMyRequestResponse;
    let doc = routesKey === undefined ? undefined : documents.get(routesKey);
    if (!doc) {
      doc = app.swagger() as unknown as Document;
      if (routesKey !== undefined) documents.set(routesKey, doc);
    }
    const mismatch = mismatchWithDocument(doc, requestOf(options), {
      statusCode: response.statusCode,
      headers: response.headers,
      body: bodyText(response),
    });
    if (mismatch && REPORT_FILE) appendFileSync(REPORT_FILE, `${mismatch}\n`);
    else if (mismatch) throw new Error(`The answer is not as the API document says: ${mismatch}`);
    return response;
  };
  app.inject = ((options?: string | InjectOptions, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? original(options, callback)
      : checked(options)) as unknown as typeof app.inject;
}
