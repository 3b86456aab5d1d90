import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("info logs", () => {
  it("carry no reset token, search term, recipient e-mail or query string", async () => {
    const t = await createTestApp({ logLevel: "info" });
    const { input } = await registerMember(t, { email: "private.person@example.com" });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
      payload: { email: input.email },
    });
    const [mail = ""] = await t.outbox();
    const token = /token=([\w-]+)/.exec(mail.replace(/=\r?\n/g, ""))?.[1] ?? "";
    expect(token.length).toBeGreaterThan(10);
    // The link a member opens, and a search that an IP address sends
    await t.app.inject({ url: `/reset-password?token=${token}` });
    await t.app.inject({ url: "/api/public/tagged-posts?search=WhoIsAlice", remoteAddress: "203.0.113.77" });

    const all = t.logs.join("");
    expect(all).toContain("email written to outbox");
    expect(all).toContain('"url":"/api/public/tagged-posts"');
    for (const secret of [token, input.email, "WhoIsAlice", "search=", "203.0.113.77"]) {
      expect(all).not.toContain(secret);
    }
  });

  it("redact secrets a future log line might carry, at any depth", async () => {
    const t = await createTestApp({ logLevel: "info" });
    t.app.log.info(
      { to: "a@example.com", email: "b@example.com", token: "tok-1", user: { email: "c@example.com" } },
      "careless line",
    );
    const line = t.logs.find((entry) => entry.includes("careless line")) ?? "";
    expect(line).not.toMatch(/a@example|b@example|c@example|tok-1/);
  });

  it("write only the code of a failed query, never its statement or bound values", async () => {
    const t = await createTestApp({
      logLevel: "info",
      allowErrorLogs: true,
      extraRoutes: async (app) => {
        app.get("/test/failing-query", { config: { access: "public" } }, async () => {
          await t.db.execute(sql`select ${"hidden.person@example.com"}::int as n`);
          return { ok: true };
        });
      },
    });
    const res = await t.app.inject({ url: "/test/failing-query" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("hidden.person");
    const line = t.logs.find((entry) => entry.includes("unhandled error")) ?? "";
    expect(line).toContain('"code":"22P02"');
    expect(line).not.toContain("hidden.person");
    expect(line).not.toMatch(/select .*::int/);
  });
});
