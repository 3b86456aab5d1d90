import { readFile } from "node:fs/promises";
import { type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { Authenticator } from "./authenticator.ts";
import { PHOTO } from "./constants.ts";
import { newMember } from "./fixtures.ts";
import { verifyLinkFor } from "./outbox.ts";

// Setting a journey's scene through the API, signed in within the browser context's own cookie jar: members,
// posts and administrators a journey needs but does not test. The journeys of those screens set them up on screen.

type Member = ReturnType<typeof newMember>;

const origins = new WeakMap<BrowserContext, string>();

/**
 * The context's requests, sent as its pages' would be: to its app (the context's `baseURL`), from that app's
 * origin, which state-changing calls need. The origin is read once from where a first request landed.
 */
async function api(context: BrowserContext) {
  const request: APIRequestContext = context.request;
  let origin = origins.get(context);
  if (!origin) {
    origin = new URL((await request.get("/readyz")).url()).origin;
    origins.set(context, origin);
  }
  const headers = { origin };
  return {
    post: (path: string, data?: unknown, extra: Record<string, string> = {}) =>
      request.post(path, { data, headers: { ...headers, ...extra } }),
    request,
    headers,
  };
}

/** Registers a member through the API; the context is then signed in as them. */
export async function registerThroughApi(context: BrowserContext, member: Member = newMember()) {
  const answer = await (await api(context)).post("/api/auth/register", {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    password: member.password,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { user } = (await answer.json()) as { user: { id: string } };
  return { ...member, id: user.id };
}

/** Publishes a post with the fixture photo as the member the context is signed in as; answers its id. */
export async function createPostThroughApi(
  context: BrowserContext,
  postName: string,
  options: { scramble?: boolean } = {},
) {
  const calls = await api(context);
  const upload = await calls.request.post("/api/upload-image", {
    headers: calls.headers,
    multipart: { image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(PHOTO) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const images = (await upload.json()) as { imageUrl: string; scrambledImageUrl: string };
  const post = await calls.post("/api/tagged-posts", {
    postName,
    originalImage: images.imageUrl,
    scrambledImage: images.scrambledImageUrl,
    scrambleImage: options.scramble ?? false,
  });
  expect(post.status(), await post.text()).toBe(201);
  return ((await post.json()) as { id: string }).id;
}

/** Reports a post as the member the context is signed in as. */
export async function reportThroughApi(context: BrowserContext, postId: string) {
  const report = await (await api(context)).post(`/api/tagged-posts/${postId}/report`, { reason: "spam" });
  expect(report.status(), await report.text()).toBe(201);
}

/** Verifies the member's address from the e-mail the app sent it, as the link's page would. */
export async function verifyEmailThroughApi(context: BrowserContext, email: string) {
  const token = new URL(await verifyLinkFor(email)).searchParams.get("token");
  const verified = await (await api(context)).post("/api/auth/verify-email", { token });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * Sets up the authenticator app for the member the context is signed in as (the Security settings journey in
 * second-factor.e2e.ts does it on screen). Answers the app and the ten recovery codes.
 */
export async function enrolAuthenticator(context: BrowserContext) {
  const calls = await api(context);
  const setup = await calls.post("/api/auth/2fa/totp/setup");
  expect(setup.status(), await setup.text()).toBe(200);
  const authenticator = new Authenticator(((await setup.json()) as { secret: string }).secret);
  const enabled = await calls.post("/api/auth/2fa/totp/enable", { code: await authenticator.code() });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { authenticator, recoveryCodes };
}

/**
 * An administrator with an address ADMIN_EMAILS lists, set up through the API: registered, verified from the
 * e-mail, an authenticator app enrolled, and the admin panel unlocked for the context's browser (its pages
 * open /admin unlocked). Answers the administrator and `headers` for admin calls of the context's own.
 */
export async function adminThroughApi(context: BrowserContext, email: string) {
  const calls = await api(context);
  const admin = await registerThroughApi(context, { ...newMember(), email });
  await verifyEmailThroughApi(context, email);
  const { authenticator } = await enrolAuthenticator(context);
  const unlock = await calls.post("/api/admin/session", {
    password: admin.password,
    code: await authenticator.code(),
  });
  expect(unlock.status(), await unlock.text()).toBe(200);
  const { sessionId } = (await unlock.json()) as { sessionId: string };
  // Where the web app keeps the unlock (web/src/lib/storage-keys.ts), so every page of the context has it.
  await context.addInitScript((id) => window.localStorage.setItem("tagit.adminSession", id), sessionId);
  return { ...admin, authenticator, headers: { ...calls.headers, "x-admin-session": sessionId } };
}
