import { randomUUID } from "node:crypto";
import { SAME_ORIGIN, sessionCookie, uniqueIp } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

/** User agents of three browser families, as real browsers send them. */
export const BROWSERS = {
  firefoxWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
} as const;

export const NEW_SIGN_IN_SUBJECT = "Subject: New sign-in to your Tagit account";

/** A mail as its links read once quoted-printable soft breaks and `=3D` are undone. */
export const unfold = (eml: string) => eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** The mails to `email` whose text holds `subject` (a `Subject: …` line), oldest first. */
export async function mailsTo(t: TestApp, email: string, subject: string) {
  return (await t.outbox())
    .map(unfold)
    .filter((mail) => mail.includes(`To: ${email}`) && mail.includes(subject));
}

/** The "Wasn't me" token of a new-sign-in e-mail. */
export function wasntMeToken(mail: string): string {
  const token = mail.match(/\/wasnt-me\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error("no Wasn't me link in the e-mail");
  return decodeURIComponent(token);
}

type Place = { ip: string; browser: string };

/** Registers a member from a place (an address and a browser), as the sign-up form there would. */
export async function registerFrom(
  t: TestApp,
  place: Place,
  email = `ada-${randomUUID().slice(0, 8)}@example.com`,
) {
  const input = { firstName: "Ada", lastName: "Lovelace", email, password: "correct horse" };
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: input,
    headers: { ...SAME_ORIGIN, "user-agent": place.browser },
    remoteAddress: place.ip,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  await t.app.background.drain();
  return {
    input,
    user: response.json().user as { id: string; email: string },
    cookie: sessionCookie(response),
  };
}

/** Signs in with the password from a place; answers the response (its session cookie, when it set one). */
export async function signInFrom(
  t: TestApp,
  member: { input: { email: string; password: string } },
  place: Place,
) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: member.input.email, password: member.input.password },
    headers: { ...SAME_ORIGIN, "user-agent": place.browser },
    remoteAddress: place.ip,
  });
  await t.app.background.drain();
  return response;
}

/** Redeems a "Wasn't me" token as the page's button does. */
export const wasntMe = (t: TestApp, token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/wasnt-me",
    payload: { token },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

/** Mutes (false) or restores (true) a member's new-sign-in e-mails. */
export const setNewSignInEmails = (t: TestApp, member: { cookie: string }, enabled: boolean) =>
  t.app.inject({
    method: "PUT",
    url: "/api/security-checkup/new-sign-in-emails",
    payload: { enabled },
    headers: { ...SAME_ORIGIN, cookie: member.cookie },
  });
