import { describe, expect, it } from "vitest";
import { asMember, registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

async function requestResetLink(t: TestApp, email: string): Promise<string> {
  const before = (await t.outbox()).length;
  await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });
  const mail = (await t.outbox()).slice(before).find((m) => m.includes("Reset your Tagit password")) ?? "";
  const token = mail
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error("no reset link");
  return decodeURIComponent(token);
}

const redeem = (t: TestApp, token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/reset-password",
    payload: { token, newPassword: "a brand new secret" },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

describe("outstanding password reset links", () => {
  it("are revoked when one of them is redeemed", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const first = await requestResetLink(t, member.input.email);
    const second = await requestResetLink(t, member.input.email);
    expect((await redeem(t, second)).statusCode).toBe(200);
    expect((await redeem(t, first)).json().code).toBe("invalid_token");
  });

  it.each([
    ["the password", (password: string) => ({ password: "another secret", currentPassword: password })],
    ["the e-mail", (password: string) => ({ email: "moved@example.com", currentPassword: password })],
  ])("are revoked when the member changes %s", async (_what, body) => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const link = await requestResetLink(t, member.input.email);
    const change = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: body(member.input.password),
    });
    expect(change.statusCode).toBe(200);
    expect((await redeem(t, link)).json().code).toBe("invalid_token");
  });
});
