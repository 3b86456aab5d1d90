import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "#server/test/app-process.ts";
import { png } from "#server/test/images.ts";

// The app as `npm start` runs it, in a process of its own on this Node.js release: it starts on the embedded
// database (PGlite's WebAssembly), hashes a password (argon2, a native module), processes an image (sharp,
// another) and answers over HTTP. `.ci/run` runs it on the second supported release too.
let app: AppProcess;
let base = "";

beforeAll(async () => {
  app = await startAppProcess("smoke", {
    APP_SECRET: "smoke-secret-smoke-secret-smoke-secret-01",
    PUBLIC_URL: "http://tagit.test",
    LOG_LEVEL: "info",
  });
  base = await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

const origin = { origin: "http://tagit.test" };

it("starts, registers a member, takes an image, publishes a post that a visitor finds by its exact name", async () => {
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  const email = `smoke-${randomUUID()}@example.com`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...origin },
    body: JSON.stringify({ firstName: "Ada", lastName: "Runtime", email, password: "a runtime smoke" }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("tagit_session="));
  expect(cookie, "the session cookie").toBeDefined();
  const member = { cookie: cookie ?? "", ...origin };

  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(await png(64, 48))], { type: "image/png" }), "photo.png");
  const uploaded = await fetch(`${base}/api/upload-image`, { method: "POST", headers: member, body: form });
  expect(uploaded.status).toBe(201);
  const images = (await uploaded.json()) as { imageUrl: string; scrambledImageUrl: string };

  const postName = `Smoke ${randomUUID().slice(0, 8)}`;
  const created = await fetch(`${base}/api/tagged-posts`, {
    method: "POST",
    headers: { "content-type": "application/json", ...member },
    body: JSON.stringify({
      postName,
      originalImage: images.imageUrl,
      scrambledImage: images.scrambledImageUrl,
    }),
  });
  expect(created.status).toBe(201);

  const found = await fetch(`${base}/api/public/tagged-posts?search=${encodeURIComponent(postName)}`);
  expect(found.status).toBe(200);
  expect(await found.json()).toMatchObject([{ postName }]);

  const image = await fetch(`${base}${images.imageUrl}`, { headers: { cookie: member.cookie } });
  expect(image.status).toBe(200);
  expect(image.headers.get("content-type")).toMatch(/^image\//);
});
