import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_RESPONSES } from "#contract/api-responses.ts";
import { createTestApp } from "#server/test/test-app.ts";

/** The JSON Schema of what a zod schema outputs: equal for two schemas that answer the same shape. */
const shape = (schema: unknown) =>
  z.toJSONSchema(schema as z.ZodType, { io: "output", unrepresentable: "any" });

describe("the web's map of answers (contract/api-responses.ts)", () => {
  it("names, for each call, a route the server registered and the answer that route declares", async () => {
    const t = await createTestApp();
    const successByRoute = new Map<string, unknown>();
    for (const route of t.app.declaredRoutes()) {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(responses).find(([status]) => status.startsWith("2"))?.[1];
      const template = route.url.replace(/:(\w+)/g, "{$1}");
      for (const method of route.method.split(",")) successByRoute.set(`${method} ${template}`, success);
    }

    const wrong: string[] = [];
    for (const [route, schema] of Object.entries(API_RESPONSES)) {
      if (!successByRoute.has(route)) wrong.push(`${route}: no such route`);
      else if (JSON.stringify(shape(schema)) !== JSON.stringify(shape(successByRoute.get(route))))
        wrong.push(`${route}: the route answers another shape`);
    }
    expect(wrong).toEqual([]);
  });
});
