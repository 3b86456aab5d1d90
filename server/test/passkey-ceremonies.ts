import type { Passkey } from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import { asMember, registerMember, SAME_ORIGIN } from "./factories.ts";
import { signInCookieIfSet } from "./sign-in.ts";
import type { TestApp } from "./test-app.ts";
import { TEST_PUBLIC_URL } from "./test-app.ts";
import { createVirtualPasskey, type VirtualPasskeyOptions } from "./virtual-authenticator.ts";

/** The answers to a passkey that does not verify, and to a sign-in that is missing, spent or expired. */
export const PASSKEY_REJECTED = { error: MESSAGES.passkeyRejected, code: "passkey_rejected" };
export const SIGN_IN_EXPIRED = { error: MESSAGES.signInExpired, code: "sign_in_expired" };

/** A POST from our own origin, with the session and/or sign-in cookie when given. */
export const postFrom = (t: Pick<TestApp, "app">, url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, headers: cookie ? asMember(cookie) : SAME_ORIGIN, payload });

/** A passkey on a software authenticator, used on the test app's own page. */
export const newPasskey = (options: Partial<VirtualPasskeyOptions> = {}) =>
  createVirtualPasskey({ origin: TEST_PUBLIC_URL, ...options });

/** Asks for WebAuthn options as the web does; `cookie` is the session and/or sign-in cookie, if any. */
export const passkeyOptions = (
  t: Pick<TestApp, "app">,
  purpose: "register" | "authenticate",
  cookie?: string,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/options",
    headers: cookie ? asMember(cookie) : SAME_ORIGIN,
    payload: { purpose },
  });

/**
 * Adds a passkey to a signed-in member whose sign-in is recent, as the security settings do: options, the
 * authenticator's answer, a name. The member's other sessions end.
 */
export async function addPasskey(
  t: Pick<TestApp, "app">,
  member: { cookie: string },
  { name = "My laptop", passkey = newPasskey() } = {},
) {
  const options = await passkeyOptions(t, "register", member.cookie);
  if (options.statusCode !== 200)
    throw new Error(`passkey options failed: ${options.statusCode} ${options.body}`);
  const added = await t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys",
    headers: asMember(member.cookie),
    payload: { response: passkey.register(options.json()), name },
  });
  if (added.statusCode !== 201) throw new Error(`adding a passkey failed: ${added.statusCode} ${added.body}`);
  return { passkey, record: added.json() as Passkey };
}

/** A member with a passkey, signed in on the device that added it. */
export async function memberWithPasskey(t: TestApp) {
  const member = await registerMember(t);
  const { passkey, record } = await addPasskey(t, member);
  return { ...member, passkey, record };
}

/** Options for a new sign-in with a passkey alone (no session, no pending sign-in), and the cookie they set. */
export async function startPasskeySignIn(t: Pick<TestApp, "app">) {
  const response = await passkeyOptions(t, "authenticate");
  const cookie = signInCookieIfSet(response);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`passkey sign-in options failed: ${response.statusCode} ${response.body}`);
  }
  return { options: response.json(), cookie };
}
