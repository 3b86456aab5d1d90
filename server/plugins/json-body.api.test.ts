import { describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH } from "#contract/limits.ts";
import { registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const signIn = (t: TestApp, payload: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { ...SAME_ORIGIN, "content-type": "application/json" },
    payload,
    remoteAddress: uniqueIp(),
  });

/** A login body whose password is `depth` arrays, one inside the other. */
const nested = (depth: number) =>
  `{"email":"someone@example.com","password":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("JSON request bodies", () => {
  it("refuses a body nested 20,000 deep with 400 validation, logging no error", async () => {
    // createTestApp fails the test on any error logged.
    const t = await createTestApp();
    const res = await signIn(t, nested(20_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The request body is nested too deeply", code: "validation" });
  });

  it(`parses a body nested ${JSON_MAX_DEPTH} deep and refuses one level more`, async () => {
    const t = await createTestApp();
    // The body object is the first level.
    const deepest = await signIn(t, nested(JSON_MAX_DEPTH - 1));
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().fields).toEqual({ password: expect.any(String) });
    const deeper = await signIn(t, nested(JSON_MAX_DEPTH));
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toEqual({ error: "The request body is nested too deeply", code: "validation" });
  });

  it("reads brackets inside strings as text, and still signs in with a normal body", async () => {
    const t = await createTestApp();
    const password = `${"[{".repeat(50)}\\"]`;
    const member = await registerMember(t, { password: JSON.parse(`"${password}"`) });
    const res = await signIn(t, `{"email":"${member.input.email}","password":"${password}"}`);
    expect(res.statusCode).toBe(200);
  });

  it("still refuses a body that sets __proto__ or constructor.prototype", async () => {
    const t = await createTestApp();
    for (const payload of [
      '{"email":"someone@example.com","password":"secret1","__proto__":{"role":"admin"}}',
      '{"email":"someone@example.com","password":"secret1","constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await signIn(t, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "The request body is not valid JSON", code: "validation" });
    }
  });
});
