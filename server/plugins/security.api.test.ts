import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { memberInput, registerMember } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

const STRIPE = {
  secretKey: "sk_test_x",
  publishableKey: "pk_test_x",
  webhookSecret: "whsec_x",
  priceId: "price_x",
  apiUrl: undefined,
};

describe("security baseline", () => {
  it("sends strict security headers and no X-Powered-By on every response", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/profile" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    // Our own scripts, and the one inline script of a server-rendered page by its hash: no other inline script.
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=';/);
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("stripe");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("allows Stripe's hosts in the CSP only when Stripe is configured", async () => {
    const t = await createTestApp({ config: { stripe: STRIPE } });
    const csp = String((await t.app.inject({ url: "/healthz" })).headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=' https:\/\/js\.stripe\.com/);
    expect(csp).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
  });

  it("turns off the browser features the app does not use (Permissions-Policy) on every answer", async () => {
    const t = await createTestApp();
    const answers = await Promise.all(
      ["/api/profile", "/healthz", "/api/no-such-route", "/"].map((url) => t.app.inject({ url })),
    );
    for (const answer of answers) {
      const policy = String(answer.headers["permissions-policy"]);
      const directives = policy.split(", ");
      // Structured-field syntax: feature=(allowlist), the allowlist empty, self or quoted origins.
      for (const directive of directives)
        expect(directive).toMatch(/^[a-z-]+=\((self|"https:\/\/[^"]+"| )*\)$/);
      expect(directives).toEqual(
        expect.arrayContaining(["camera=()", "microphone=()", "geolocation=()", "usb=()", "payment=()"]),
      );
      expect(directives).toContain("browsing-topics=()");
    }
  });

  it("lets only Stripe's frames ask for payment, and only when Stripe is configured", async () => {
    const t = await createTestApp({ config: { stripe: STRIPE } });
    const policy = String((await t.app.inject({ url: "/healthz" })).headers["permissions-policy"]);
    expect(policy.split(", ")).toContain('payment=(self "https://js.stripe.com")');
    expect(policy).toContain("camera=()");
  });

  it("gives foreign origins no credentialed CORS", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/profile", headers: { origin: "https://evil.example" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/profile",
      headers: { origin: "https://evil.example", "access-control-request-method": "PUT" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses state-changing requests from another origin (CSRF), even with a valid session", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const foreign = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie, origin: "https://evil.example" },
      payload: { bio: "pwned" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: MESSAGES.forbiddenOrigin, code: "forbidden_origin" });

    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "sec-fetch-site": "cross-site" },
      payload: memberInput(),
    });
    expect(crossSite.statusCode).toBe(403);

    const me = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(me.json().bio).toBeNull();
  });

  it("accepts requests whose Origin matches the Host they were sent to", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: {
        cookie,
        origin: "http://127.0.0.1:4000",
        host: "127.0.0.1:4000",
        "sec-fetch-site": "same-origin",
      },
      payload: { bio: "from the app" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Route GET /api/nope not found", code: "route_not_found" });
  });
});

describe("operator endpoints", () => {
  it("GET /healthz says the process is up and GET /readyz that the database answers", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("GET /readyz answers 503 once the instance drains before a shutdown, while everything else is served", async () => {
    const t = await createTestApp();
    t.app.drain();
    const draining = await t.app.inject({ url: "/readyz" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ code: "unavailable" });
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/payments/config" })).statusCode).toBe(200);
  });
});
