import { describe, expect, it } from "vitest";
import { memberInput } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("over real HTTP", () => {
  it("registers, carries the session cookie and reads the profile", async () => {
    const t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const input = memberInput();

    const register = await fetch(`${address}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: address },
      body: JSON.stringify(input),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.getSetCookie().find((c) => c.startsWith("tagit_session="));
    expect(cookie).toBeDefined();

    const profile = await fetch(`${address}/api/profile`, {
      headers: { cookie: cookie?.split(";")[0] ?? "" },
    });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: input.email });
    expect(profile.headers.get("x-content-type-options")).toBe("nosniff");
    expect(profile.headers.get("strict-transport-security")).toBeNull();

    const foreign = await fetch(`${address}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify(memberInput()),
    });
    expect(foreign.status).toBe(403);
  });
});
