import { describe, expect, it } from "vitest";
import { TAGG_MESSAGES } from "#contract/taggs.ts";
import { taggs } from "#server/db/schema/index.ts";
import { asMember, createPost, giveTagg, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const claim = (t: TestApp, cookie: string, tagg: unknown) =>
  t.app.inject({ method: "POST", url: "/api/me/tagg", headers: asMember(cookie), payload: { tagg } });

describe("claiming a tagg", () => {
  it("checks availability and lets a member without a tagg claim a free one, which search then finds", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await createPost(t, ada, "Difference Engine");
    const check = (tagg: string) =>
      t.app.inject({
        url: `/api/check-tagg?tagg=${encodeURIComponent(tagg)}`,
        headers: { cookie: ada.cookie },
      });

    expect((await check("Ada_L")).json()).toEqual({ available: true });
    const res = await claim(t, ada.cookie, "  @Ada_L ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tagg: "ada_l", email: ada.input.email });
    expect((await check("ada_l")).json()).toEqual({ available: false });
    const found = await t.app.inject({ url: "/api/public/tagged-posts?search=ada_l" });
    expect(found.json().map((p: { postName: string }) => p.postName)).toEqual(["Difference Engine"]);
  });

  it("refuses a taken, reserved or malformed tagg, and a second tagg, changing nothing", async () => {
    const t = await createTestApp();
    const bob = await registerMember(t);
    await giveTagg(t, bob, "bob");
    const ada = await registerMember(t);

    const taken = await claim(t, ada.cookie, "BOB");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: TAGG_MESSAGES.taken, code: "name_taken" });
    for (const [tagg, message] of [
      ["admin", TAGG_MESSAGES.reserved],
      ["ab", TAGG_MESSAGES.format],
      ["has space", TAGG_MESSAGES.format],
      ["x".repeat(31), TAGG_MESSAGES.format],
      [42, TAGG_MESSAGES.format],
    ] as const) {
      const res = await claim(t, ada.cookie, tagg);
      expect(res.statusCode, String(tagg)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await claim(t, bob.cookie, "bob_two")).json()).toEqual({
      error: TAGG_MESSAGES.alreadyHave,
      code: "conflict",
    });
    expect((await t.db.select().from(taggs)).map((row) => row.tagg)).toEqual(["bob"]);
    expect(
      (await t.app.inject({ url: "/api/profile", headers: { cookie: ada.cookie } })).json().tagg,
    ).toBeNull();
  });

  it("needs a signed-in member", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/check-tagg?tagg=free_one" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/tagg",
      headers: SAME_ORIGIN,
      payload: { tagg: "free_one" },
    });
    expect(res.statusCode).toBe(401);
  });
});
