import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "#contract/errors.ts";
import { createTestApp } from "#server/test/test-app.ts";
import { API_TAGS } from "./api-tags.ts";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const STRIPE = {
  secretKey: "sk_test_x",
  publishableKey: "pk_test_x",
  webhookSecret: "whsec_x",
  priceId: "price_x",
  apiUrl: undefined,
};

describe("API docs at /docs", () => {
  it("serve an OpenAPI 3 document generated from the route schemas", async () => {
    const t = await createTestApp({ config: { apiDocs: true, stripe: STRIPE } });
    const res = await t.app.inject({ url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/tagged-posts",
        "/api/upload-image", // multipart, no body schema
        "/api/logout", // no schema at all
        "/api/stripe/webhook", // its own raw-body parser
        "/api/admin/session",
        "/healthz",
      ]),
    );
    expect(doc.paths["/api/auth/login"].post.requestBody.content["application/json"].schema).toMatchObject({
      required: ["email", "password"],
    });
    expect(doc.paths["/api/tagged-posts"].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/docs"))).toEqual([]);
  });

  it("describe every operation: id, summary, tag, access, and the errors it can answer", async () => {
    const t = await createTestApp({ config: { apiDocs: true, stripe: STRIPE } });
    const doc = (await t.app.inject({ url: "/docs/json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([expect.objectContaining({ url: "http://localhost:3000" })]);
    expect(doc.components.schemas.ErrorBody.properties.code.enum).toEqual(Object.keys(ERROR_STATUS));

    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary, where).toBeTruthy();
      expect(Object.keys(API_TAGS), where).toContain(operation.tags?.[0]);
      expect(operation.security, where).toBeInstanceOf(Array);
      // Every operation can be refused (400 at least) and can fail on the server's side.
      expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(["400", "500", "503"]));
      if (operation.responses["204"]) expect(operation.responses["204"].content, where).toBeUndefined();
    }

    const login = doc.paths["/api/auth/login"].post;
    expect(login.security).toEqual([]);
    expect(login.responses["401"].content["application/json"].schema.allOf[1].properties.code.enum).toEqual([
      "invalid_credentials",
    ]);
    expect(doc.paths["/api/events"].get.responses["200"].content).toHaveProperty("text/event-stream");
    expect(doc.paths["/api/upload-image"].post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/api/admin/session"].delete.requestBody).toBeUndefined();
    expect(Object.keys(doc.paths["/api/sections/{section}"])).toEqual(
      expect.arrayContaining(["get", "patch"]),
    );
    expect(doc.components.schemas.TaggedPost.properties.createdAt).toMatchObject({ format: "date-time" });
  });

  it("serve the reference UI as HTML whose scripts come from our own origin", async () => {
    const t = await createTestApp({ config: { apiDocs: true } });
    const page = await t.app.inject({ url: "/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    const script = await t.app.inject({ url: "/docs/static/swagger-ui-bundle.js" });
    expect(script.statusCode).toBe(200);
    expect(String(script.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it("are not served when switched off (the production default)", async () => {
    const t = await createTestApp({ config: { apiDocs: false } });
    expect((await t.app.inject({ url: "/docs/json" })).statusCode).toBe(404);
  });
});
