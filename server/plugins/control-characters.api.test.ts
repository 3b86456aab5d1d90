import { describe, expect, it } from "vitest";
import { asMember, registerMember } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("control characters in requests", () => {
  it.each([
    "/api/sections/%00",
    "/api/help-content/%00",
    "/api/sections/a%01b",
    "/api/help-content/x%7F",
  ])("refuses %s with 400 validation", async (url) => {
    const t = await createTestApp();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation", error: expect.any(String) });
  });

  it("refuses a body string carrying a NUL byte, and keeps line breaks and tabs", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const put = (bio: string) =>
      t.app.inject({ method: "PUT", url: "/api/profile", headers: asMember(cookie), payload: { bio } });
    const bad = await put("hello\u0000world");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation", fields: { bio: expect.any(String) } });
    const ok = await put("line one\nline\ttwo");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bio).toBe("line one\nline\ttwo");
  });

  it("refuses a control character in the query string", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/public/tagged-posts?search=ab%00cd" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation" });
  });
});
