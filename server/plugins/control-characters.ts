import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "#server/lib/app-error.ts";

/** C0 controls and DEL; tab, line feed and carriage return are allowed in bodies (a bio has line breaks). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BODY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In an address nothing below a space belongs, not even a line break. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ADDRESS_CONTROL = /[\u0000-\u001F\u007F]/;

const MESSAGE = "Control characters are not allowed";

/** Parsed JSON, query or params; never a Buffer or stream a multipart body might carry. */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== "function";
}

/** The dotted path of the first string in `value` that matches `pattern`, or undefined. */
function findControl(value: unknown, pattern: RegExp, at: string): string | undefined {
  if (typeof value === "string") return pattern.test(value) ? at : undefined;
  if (!isPlainData(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (pattern.test(key)) return at;
    const found = findControl(inner, pattern, at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function refuse(field: string): never {
  throw new AppError("validation", MESSAGE, { [field || "body"]: MESSAGE });
}

async function checkRequest(request: FastifyRequest) {
  const param = findControl(request.params, ADDRESS_CONTROL, "");
  if (param !== undefined) refuse(param || "params");
  const query = findControl(request.query, ADDRESS_CONTROL, "");
  if (query !== undefined) refuse(query || "query");
  const body = findControl(request.body, BODY_CONTROL, "");
  if (body !== undefined) refuse(body);
}

/**
 * PostgreSQL refuses NUL bytes (a 500 deep in a query) and no field of ours wants control characters, so every
 * route refuses them here, before its own schema runs, instead of each schema remembering to.
 */
async function controlCharacters(app: FastifyInstance) {
  app.addHook("preValidation", checkRequest);
}

export const controlCharactersPlugin = fp(controlCharacters, {
  name: "tagit-control-characters",
  dependencies: ["tagit-error-handler"],
});
