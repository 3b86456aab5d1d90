import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { JSON_MAX_DEPTH } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";

const TOO_DEEP_MESSAGE = "The request body is nested too deeply";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether arrays and objects in JSON text nest deeper than `limit`: one pass counting the brackets outside
 * strings, stopping as soon as it is past. Text that is not JSON may be counted wrongly; parsing refuses it.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPEN.has(char)) {
      depth++;
      if (depth > limit) return true;
    } else if (CLOSE.has(char)) depth--;
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys),
 * once the text is known to nest at most JSON_MAX_DEPTH deep: code that walks a parsed body (the checks in
 * front of every route, the schemas) never meets one deep enough to exhaust its stack.
 */
async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new AppError("validation", TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}

export const jsonBodyPlugin = fp(jsonBody, {
  name: "tagit-json-body",
  dependencies: ["tagit-error-handler"],
});
