import { SAME_ORIGIN, uniqueIp } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

/** The short cookie of a sign-in waiting for its second step (plain HTTP in tests). */
export const SIGN_IN_COOKIE = "tagit_sign_in";

/** A sign-in with this e-mail and password (a guess, perhaps), from `remoteAddress` or an address of its own. */
export const postSignIn = (
  t: Pick<TestApp, "app">,
  email: string,
  password: string,
  remoteAddress = uniqueIp(),
) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: SAME_ORIGIN,
    remoteAddress,
  });

/** Signs in with e-mail and password as the sign-in form does, from an address of its own. */
export const signIn = (t: Pick<TestApp, "app">, member: { input: { email: string; password: string } }) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: SAME_ORIGIN,
    payload: { email: member.input.email, password: member.input.password },
    remoteAddress: uniqueIp(),
  });

/** The sign-in cookie a response set, ready for a `cookie` header; undefined when it set none. */
export function signInCookieIfSet(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SIGN_IN_COOKIE && c.value !== "");
  return cookie && `${SIGN_IN_COOKIE}=${cookie.value}`;
}

/** The sign-in cookie a response set, ready for a `cookie` header (throws when it set none). */
export function signInCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = signInCookieIfSet(response);
  if (!cookie) throw new Error("response set no sign-in cookie");
  return cookie;
}

/** The second step of a sign-in, with the sign-in's cookie (none when `cookie` is undefined). */
export const secondStep = (t: Pick<TestApp, "app">, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login/second-factor",
    headers: cookie ? { ...SAME_ORIGIN, cookie } : SAME_ORIGIN,
    payload,
    remoteAddress: uniqueIp(),
  });

/** Signs in with the password, then gives `code` at the second step. */
export async function signInWithCode(
  t: Pick<TestApp, "app">,
  member: { input: { email: string; password: string } },
  code: string,
) {
  const first = await signIn(t, member);
  if (first.statusCode !== 200 || !first.json().secondFactorRequired)
    throw new Error(`expected a second step: ${first.statusCode} ${first.body}`);
  return secondStep(t, signInCookie(first), { code });
}
