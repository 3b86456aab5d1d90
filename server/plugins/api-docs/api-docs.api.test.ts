import { describe, expect, it } from "vitest";
import { createTestApp } from "#server/test/test-app.ts";

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
