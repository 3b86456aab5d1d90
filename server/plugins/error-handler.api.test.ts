import { describe, expect, it } from "vitest";
import { errorBodySchema } from "#contract/error-body-schema.ts";
import { ERROR_STATUS } from "#contract/errors.ts";
import { memberInput } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("the error model", () => {
  it("answers every kind of failure with the contract's body and the status of its code", async () => {
    const t = await createTestApp();
    const json = { "content-type": "application/json" };
    const failures = [
      await t.app.inject({ url: "/api/profile" }),
      await t.app.inject({ method: "POST", url: "/api/auth/register", headers: json, payload: "{oops" }),
      await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { email: "nope" } }),
      await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "content-type": "text/plain" },
        payload: "hello",
      }),
      await t.app.inject({ url: "/api/nope" }),
      await t.app.inject({ url: `/api/help-content/${"x".repeat(200)}` }),
      await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { origin: "https://evil.example" },
        payload: memberInput(),
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "a@b.co", password: "not-the-password" },
      }),
    ];
    const codes = failures.map((res) => {
      const body = errorBodySchema.parse(res.json());
      expect(res.statusCode).toBe(ERROR_STATUS[body.code]);
      return body.code;
    });
    expect(codes).toEqual([
      "unauthenticated",
      "validation",
      "validation",
      "unsupported_type",
      "route_not_found",
      "uri_too_long",
      "forbidden_origin",
      "invalid_credentials",
    ]);
  });

  it("answers a client error status that has no code of its own as a validation error, status and code agreeing", async () => {
    const t = await createTestApp({
      extraRoutes: async (app) => {
        app.get("/api/not-acceptable", { config: { access: "public" } }, async () => {
          throw Object.assign(new Error("Cannot answer in that format"), { statusCode: 406 });
        });
      },
    });
    const res = await t.app.inject({ url: "/api/not-acceptable" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Cannot answer in that format", code: "validation" });
  });
});
