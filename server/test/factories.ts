import { randomUUID } from "node:crypto";
import type { TestApp } from "./test-app.ts";
import { TEST_PUBLIC_URL } from "./test-app.ts";

export const SAME_ORIGIN = { origin: TEST_PUBLIC_URL };

export function memberInput(
  overrides: Partial<Record<"firstName" | "lastName" | "email" | "password", string>> = {},
) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    password: "correct horse",
    ...overrides,
  };
}

/** The session cookie of a response, ready to send back as a `cookie` header. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === "tagit_session");
  if (!cookie) throw new Error("response set no session cookie");
  return `tagit_session=${cookie.value}`;
}

let ipCounter = 0;
/** A distinct client address, so factories never trip the per-client rate limits under test. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Registers a member through the API and returns their input, user and cookie. */
export async function registerMember({ app }: TestApp, overrides: Parameters<typeof memberInput>[0] = {}) {
  const input = memberInput(overrides);
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: input,
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return {
    input,
    user: response.json().user as { id: string; email: string },
    cookie: sessionCookie(response),
  };
}

/** Headers of a signed-in browser request from our own origin. */
export const asMember = (cookie: string) => ({ cookie, ...SAME_ORIGIN });
