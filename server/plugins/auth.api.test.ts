import { describe, expect, it } from "vitest";
import { createTestApp } from "#server/test/test-app.ts";

describe("access is denied by default", () => {
  it("stops the app at boot when an /api route declares no access, naming the route", async () => {
    const boot = createTestApp({
      extraRoutes: async (app) => {
        app.get("/api/forgotten", async () => ({ secret: true }));
        app.post("/api/declared", { config: { access: "member" } }, async () => ({}));
      },
    });
    await expect(boot).rejects.toThrow(/missing on: GET \/api\/forgotten, HEAD \/api\/forgotten$/);
  });

  it("refuses an access level that does not exist", async () => {
    const boot = createTestApp({
      extraRoutes: async (app) => {
        app.get("/api/typo", { config: { access: "everyone" as "public" } }, async () => ({}));
      },
    });
    await expect(boot).rejects.toThrow(/GET \/api\/typo/);
  });

  it("boots with a non-API route that declares nothing: it is public", async () => {
    const t = await createTestApp({
      extraRoutes: async (app) => {
        app.get("/robots.txt", async () => "User-agent: *\n");
      },
    });
    expect((await t.app.inject({ url: "/robots.txt" })).statusCode).toBe(200);
  });
});
