import { describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "#contract/api/social-links.ts";
import { asMember, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const save = (t: TestApp, cookie: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/me/social-links",
    headers: asMember(cookie),
    payload: payload as object,
  });
const read = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/me/social-links", headers: { cookie } })).json();

const shortcut = (i: number) => ({ label: `Link ${i}`, url: `https://example.com/${i}` });

describe("/api/me/social-links", () => {
  it("saves platforms and up to 12 shortcuts for the member only", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    expect(await read(t, ada.cookie)).toEqual({ platforms: {}, shortcuts: [] });

    const links = {
      platforms: { github: "https://github.com/ada", x: "", youtube: "http://youtube.com/@ada" },
      shortcuts: Array.from({ length: 12 }, (_, i) => shortcut(i)),
    };
    const res = await save(t, ada.cookie, links);
    expect(res.statusCode).toBe(200);
    expect(res.json().platforms).toEqual({
      github: "https://github.com/ada",
      youtube: "http://youtube.com/@ada",
    });
    expect(await read(t, ada.cookie)).toEqual(res.json());
    expect(await read(t, bob.cookie)).toEqual({ platforms: {}, shortcuts: [] });
  });

  it.each([
    [{ shortcuts: Array.from({ length: 13 }, (_, i) => shortcut(i)) }, SOCIAL_MESSAGES.tooMany],
    [{ shortcuts: [{ label: "x".repeat(31), url: "https://a.b" }] }, SOCIAL_MESSAGES.label],
    [{ shortcuts: [{ label: "", url: "https://a.b" }] }, SOCIAL_MESSAGES.label],
    [{ shortcuts: [{ label: "<script>", url: "https://a.b" }] }, "Labels cannot contain < or >"],
    [{ shortcuts: [{ label: "Click", url: "javascript:alert(1)" }] }, SOCIAL_MESSAGES.url],
    [{ platforms: { github: "data:text/html,<b>x</b>" } }, SOCIAL_MESSAGES.url],
    [{ platforms: { myspace: "https://myspace.com/ada" } }, undefined],
  ])("refuses %j with 400 and changes nothing", async (payload, message) => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await save(t, ada.cookie, { platforms: { github: "https://github.com/ada" } });
    const res = await save(t, ada.cookie, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error).toBe(message);
    expect(await read(t, ada.cookie)).toEqual({
      platforms: { github: "https://github.com/ada" },
      shortcuts: [],
    });
  });

  it("needs a signed-in member", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/me/social-links" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/social-links",
      headers: SAME_ORIGIN,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});
