import { describe, expect, it } from "vitest";
import { memberInput, registerMember, uniqueIp } from "#server/test/factories.ts";
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

describe("the session cookie of an HTTPS deployment", () => {
  it("is __Host-tagit_session (Secure, Path=/, no Domain), and the plain name signs nobody in", async () => {
    const origin = "https://tagit.example";
    const t = await createTestApp({ config: { publicUrl: origin } });
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: memberInput(),
      headers: { origin },
      remoteAddress: uniqueIp(),
    });
    expect(registered.statusCode).toBe(201);
    const [name, ...attributes] = String(registered.headers["set-cookie"]).split("; ");
    expect(name).toMatch(/^__Host-tagit_session=[\w-]{40,}$/);
    expect(attributes.filter((attribute) => !attribute.startsWith("Expires=")).sort()).toEqual([
      "HttpOnly",
      "Path=/",
      "SameSite=Lax",
      "Secure",
    ]);
    const token = name?.split("=")[1] ?? "";

    const profile = (cookie: string) => t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect((await profile(`__Host-tagit_session=${token}`)).statusCode).toBe(200);
    expect((await profile(`tagit_session=${token}`)).statusCode).toBe(401);

    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: `__Host-tagit_session=${token}`, origin },
    });
    expect(String(signedOut.headers["set-cookie"])).toMatch(/^__Host-tagit_session=;.*Secure/);

    // The API document names the cookie the server really sets.
    const document = (await t.app.inject({ url: "/docs/json" })).json();
    expect(document.components.securitySchemes.session.name).toBe("__Host-tagit_session");
    expect(document.info.description).toContain("`__Host-tagit_session`");
  });

  it("keeps the plain name over HTTP (development and tests)", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    expect(cookie).toMatch(/^tagit_session=/);
    const document = (await t.app.inject({ url: "/docs/json" })).json();
    expect(document.components.securitySchemes.session.name).toBe("tagit_session");
  });
});
