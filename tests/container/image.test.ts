import { randomUUID } from "node:crypto";
import { chown, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#server/test/free-port.ts";
import { multipartBody, png } from "#server/test/images.ts";
import { type Answer, send } from "#server/test/load-balancer.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { within } from "#server/test/within.ts";
import { podman, podmanStatus, RUN_FLAGS } from "./podman.ts";

// The image that `npm run container:build` made, run as an operator runs it, against this machine's PostgreSQL
// (a fresh database), Redis and an S3 server; everything goes through its port or podman, from outside.
const IMAGE = process.env.TAGIT_IMAGE ?? "tagit:local";
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PUBLIC_URL = "http://tagit.test";
/** The official image's `node` user, which the app runs as. */
const NODE_UID = 1000;
const SIZE_GOAL_MB = 250;

/** A client address of its own (TRUST_PROXY=loopback): rate limits kept in Redis by earlier runs never apply. */
const freshIp = () => `10.${octet()}.${octet()}.${octet()}`;
const octet = () => Math.floor(Math.random() * 254) + 1;

const asJson = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": freshIp(), ...extra },
  body: JSON.stringify(body),
});

const expectStatus = (answer: Answer, status: number) => {
  if (answer.status !== status) throw new Error(`answered ${answer.status}, not ${status}: ${answer.body}`);
  return answer;
};

describe("the container image", () => {
  const name = `tagit-container-test-${process.pid}`;
  const databaseName = `tagit_container_${process.pid}`;
  let admin: pg.Client;
  let s3: S3TestServer;
  let dataDir: string;
  let base: string;
  /** What the member's journey made, which the restart must keep. */
  let journey = { cookie: "", postId: "", postName: "", imageUrl: "" };

  const ready = () =>
    within(120_000, "the container never answered /readyz with 200", async () => {
      expectStatus(await send(base, { path: "/readyz" }), 200);
    });
  const logs = () => podman("logs", name);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${databaseName}`;
    s3 = await startS3Server();
    // The data volume is a directory of this machine's, owned by the image's user as a named volume would be.
    dataDir = await mkdtemp(path.join(tmpdir(), "tagit-container-data-"));
    await chown(dataDir, NODE_UID, NODE_UID);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      APP_SECRET: "the-container-test-secret-0123456789",
      PUBLIC_URL,
      PAYMENTS_TEST_MODE: "true",
      TRUST_PROXY: "loopback",
      SHUTDOWN_DRAIN_MS: "4000",
    };
    await podmanStatus("rm", "--force", name);
    await podman(
      "run",
      "--detach",
      "--name",
      name,
      ...RUN_FLAGS,
      "--volume",
      `${dataDir}:/data`,
      ...Object.entries(env).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
      IMAGE,
    );
    await ready();
  }, 180_000);

  afterAll(async () => {
    if (name) await podmanStatus("rm", "--force", "--time", "0", name);
    await s3?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("is within its size goal, or says by how much it is not", async () => {
    const bytes = Number(await podman("image", "inspect", "--format", "{{.Size}}", IMAGE));
    const megabytes = Math.round(bytes / 1e6);
    console.log(`container image ${IMAGE}: ${megabytes} MB uncompressed (goal ≤ ${SIZE_GOAL_MB} MB)`);
    expect(megabytes).toBeGreaterThan(0);
  });

  it("runs as the non-root node user, with /data a volume and a health check on /readyz", async () => {
    const [image] = JSON.parse(await podman("image", "inspect", IMAGE)) as {
      Config: { User: string; Volumes: Record<string, unknown> };
      Healthcheck?: { Test: string[] };
    }[];
    expect(image?.Config.User).toBe("node");
    expect(Object.keys(image?.Config.Volumes ?? {})).toEqual(["/data"]);
    // Kept only in the Docker image format (`podman build --format docker`); OCI images drop it.
    expect(image?.Healthcheck?.Test.join(" ")).toContain("/readyz");
    expect(await podman("exec", name, "id", "-u")).toBe(String(NODE_UID));
    expect(await podmanStatus("healthcheck", "run", name)).toBe(0);
  });

  it("carries the built app and the production dependencies only, no sources", async () => {
    const listing = await podman("exec", name, "ls", "/app");
    expect(listing.split("\n").sort()).toEqual(["bin", "dist", "node_modules", "package.json"]);
    // Dev dependencies (vite, vitest, biome) are absent; `tagit` runs the built CLI.
    expect(await podmanStatus("exec", name, "test", "-e", "/app/node_modules/vite")).not.toBe(0);
    expect(await podman("exec", name, "node", "bin/tagit.mjs", "help")).toContain("Usage: tagit <command>");
  });

  it("takes a member from registration to a post found by its exact name", async () => {
    const email = `container-${randomUUID()}@example.com`;
    const registered = expectStatus(
      await send(base, {
        method: "POST",
        path: "/api/auth/register",
        ...asJson({ firstName: "Cora", lastName: "Container", email, password: "container journey" }),
      }),
      201,
    );
    const cookie = ([] as string[])
      .concat(registered.headers["set-cookie"] ?? [])
      .map((value) => value.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("tagit_session="));
    if (!cookie) throw new Error("registration set no session cookie");

    // The verification link, from the .eml file the app wrote into its volume (no SMTP_URL).
    const token = await within(10_000, "no verification e-mail in the outbox", async () => {
      const outbox = path.join(dataDir, "outbox");
      const mails = await Promise.all(
        (await readdir(outbox)).map((file) => readFile(path.join(outbox, file), "utf8")),
      );
      const mail = mails.find((text) => text.includes(`To: ${email}`)) ?? "";
      const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const found = unfolded.match(/\/verify-email\?token=([\w%-]+)/)?.[1];
      if (!found) throw new Error("not yet");
      return decodeURIComponent(found);
    });
    expectStatus(
      await send(base, { method: "POST", path: "/api/auth/verify-email", ...asJson({ token }) }),
      200,
    );

    const { payload, contentType } = multipartBody("image", "photo.png", "image/png", await png(64, 48));
    const upload = expectStatus(
      await send(base, {
        method: "POST",
        path: "/api/upload-image",
        headers: { cookie, origin: PUBLIC_URL, "content-type": contentType, "x-forwarded-for": freshIp() },
        body: payload,
      }),
      201,
    );
    const images = JSON.parse(upload.body) as { imageUrl: string; scrambledImageUrl: string };
    // The image went to the object store, not into the container.
    expect((await s3.objects()).length).toBeGreaterThan(0);

    const postName = `Container ${randomUUID().slice(0, 8)}`;
    const post = JSON.parse(
      expectStatus(
        await send(base, {
          method: "POST",
          path: "/api/tagged-posts",
          ...asJson(
            { postName, originalImage: images.imageUrl, scrambledImage: images.scrambledImageUrl },
            { cookie },
          ),
        }),
        201,
      ).body,
    ) as { id: string };

    const found = await searchFor(postName);
    expect(found.map((item) => item.id)).toEqual([post.id]);
    expectStatus(await send(base, { path: images.imageUrl, headers: { cookie } }), 200);
    journey = { cookie, postId: post.id, postName, imageUrl: images.imageUrl };
  });

  it("drains on SIGTERM: /readyz turns 503, then the container stops with code 0 after 'shut down'", async () => {
    await podman("kill", "--signal", "TERM", name);
    await within(3_000, "/readyz did not turn 503 while draining", async () => {
      expectStatus(await send(base, { path: "/readyz" }), 503);
    });
    // Still serving while the load balancer moves away (SHUTDOWN_DRAIN_MS=4000).
    expectStatus(await send(base, { path: "/healthz" }), 200);
    expect(await podman("wait", name)).toBe("0");
    const lines = (await logs()).split("\n").flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg: string }];
      } catch {
        return [];
      }
    });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["shutting down", "shut down"]));
  });

  it("keeps the member, the post and its image across a restart", async () => {
    await podman("start", name);
    await ready();
    expect((await searchFor(journey.postName)).map((item) => item.id)).toEqual([journey.postId]);
    expectStatus(await send(base, { path: "/api/profile", headers: { cookie: journey.cookie } }), 200);
    expectStatus(await send(base, { path: journey.imageUrl, headers: { cookie: journey.cookie } }), 200);
  });

  async function searchFor(term: string) {
    const answer = expectStatus(
      await send(base, {
        path: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
        headers: { "x-forwarded-for": freshIp() },
      }),
      200,
    );
    return JSON.parse(answer.body) as { id: string }[];
  }
});
