import { describe, expect, it } from "vitest";
import { asMember, registerMember, SAME_ORIGIN, sessionCookie, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type App = TestApp["app"];

const profileStatus = async (app: App, cookie: string) =>
  (await app.inject({ url: "/api/profile", headers: { cookie } })).statusCode;

/** The revocation must reach every instance within a second: ask until refused, or the second is over. */
async function refusedWithinASecond(app: App, cookie: string) {
  const deadline = Date.now() + 1_000;
  while (Date.now() < deadline) {
    if ((await profileStatus(app, cookie)) === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (await profileStatus(app, cookie)) === 401;
}

describe("sessions resolved from the cache of another instance", () => {
  it("stop working there when the member signs out here", async () => {
    const t = await createTestApp();
    const other = await t.peer();
    const ada = await registerMember(t);
    // Both instances have resolved (and cached) the session.
    expect(await profileStatus(t.app, ada.cookie)).toBe(200);
    expect(await profileStatus(other, ada.cookie)).toBe(200);
    expect(await profileStatus(other, ada.cookie)).toBe(200);

    await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(ada.cookie) });
    expect(await refusedWithinASecond(other, ada.cookie)).toBe(true);
  });

  it("stop working there when the member changes the password here, except the changing session", async () => {
    const t = await createTestApp();
    const other = await t.peer();
    const ada = await registerMember(t);
    const secondCookie = sessionCookie(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: SAME_ORIGIN,
        payload: { email: ada.input.email, password: ada.input.password },
        remoteAddress: uniqueIp(),
      }),
    );
    expect(await profileStatus(other, secondCookie)).toBe(200);

    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(ada.cookie),
      payload: { currentPassword: ada.input.password, password: "a-new-password-123" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await refusedWithinASecond(other, secondCookie)).toBe(true);
    expect(await profileStatus(other, ada.cookie)).toBe(200);
  });

  it("stop working there when the member deletes the account here", async () => {
    const t = await createTestApp();
    const other = await t.peer();
    const ada = await registerMember(t);
    expect(await profileStatus(other, ada.cookie)).toBe(200);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/profile",
      headers: asMember(ada.cookie),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await refusedWithinASecond(other, ada.cookie)).toBe(true);
  });

  it("follow a change to the member made through another instance at once", async () => {
    const t = await createTestApp();
    const other = await t.peer();
    const ada = await registerMember(t, { firstName: "Ada" });
    expect(
      (await other.inject({ url: "/api/profile", headers: { cookie: ada.cookie } })).json().firstName,
    ).toBe("Ada");
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(ada.cookie),
      payload: { firstName: "Augusta" },
    });
    const deadline = Date.now() + 1_000;
    let firstName = "";
    while (Date.now() < deadline && firstName !== "Augusta") {
      await new Promise((resolve) => setTimeout(resolve, 20));
      firstName = (await other.inject({ url: "/api/profile", headers: { cookie: ada.cookie } })).json()
        .firstName;
    }
    expect(firstName).toBe("Augusta");
  });
});
