import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "#server/test/app-process.ts";
import { multipartBody, png } from "#server/test/images.ts";
import { type Answer, createLoadBalancer, send } from "#server/test/load-balancer.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { openSse, type SseStream } from "#server/test/sse-client.ts";
import { within } from "#server/test/within.ts";

// Two real app processes (server/main.ts) on one PostgreSQL, one Redis and one S3 server (each with a data
// directory of its own), as behind a load balancer (decision 034). Runs when TEST_DATABASE_URL and
// TEST_REDIS_URL are set, as .ci/run sets them.
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const PUBLIC_URL = "http://tagit.test";
const JOBS = [
  "delete-expired-sessions",
  "delete-spent-tokens",
  "delete-unused-uploads",
  "renew-test-subscriptions",
  "end-cancelled-subscriptions",
  "reconcile-subscriptions",
  "report-auto-action",
  "purge-appeal-expired-removals",
  "release-anonymous-activity",
  "rotate-anonymity-key",
  "forget-old-connections",
  "forget-old-alerts",
];
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL("./db/migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** A client address of its own (TRUST_PROXY=loopback): rate limits kept in Redis by earlier runs never apply. */
const freshIp = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
const randomOctet = () => Math.floor(Math.random() * 254) + 1;

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": freshIp(), ...extra },
  body: JSON.stringify(body),
});

type Member = { cookie: string; id: string; email: string };

async function register(base: string, firstName: string): Promise<Member> {
  const email = `${firstName.toLowerCase()}-${randomUUID()}@example.com`;
  const answer = await send(base, {
    method: "POST",
    path: "/api/auth/register",
    ...json({ firstName, lastName: "Instance", email, password: "several instances" }),
  });
  expect(answer.status).toBe(201);
  const setCookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const cookie = setCookie
    .map((value) => value.split(";")[0])
    .find((pair) => pair?.startsWith("tagit_session="));
  if (!cookie) throw new Error("no session cookie");
  return { cookie, id: (JSON.parse(answer.body) as { user: { id: string } }).user.id, email };
}

async function createPost(base: string, member: Member, postName: string) {
  const { payload, contentType } = multipartBody("image", "photo.png", "image/png", await png(64, 48));
  const upload = await send(base, {
    method: "POST",
    path: "/api/upload-image",
    headers: { cookie: member.cookie, origin: PUBLIC_URL, "content-type": contentType },
    body: payload,
  });
  expect(upload.status).toBe(201);
  const images = JSON.parse(upload.body) as { imageUrl: string; scrambledImageUrl: string };
  const post = await send(base, {
    method: "POST",
    path: "/api/tagged-posts",
    ...json(
      { postName, originalImage: images.imageUrl, scrambledImage: images.scrambledImageUrl },
      { cookie: member.cookie },
    ),
  });
  expect(post.status).toBe(201);
  return JSON.parse(post.body) as { id: string; postName: string };
}

const view = (base: string, visitor: Member, post: { id: string; postName: string }) =>
  send(base, {
    method: "POST",
    path: "/api/track-search",
    ...json({ searchTerm: post.postName, action: "view", postId: post.id }, { cookie: visitor.cookie }),
  });

/** A GET whose body is kept as bytes (an image). */
function sendForBytes(base: string, path: string, cookie?: string) {
  return new Promise<{ status: number; bytes: Buffer }>((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

describe.skipIf(!ADMIN_URL || !REDIS_URL)("two instances behind a load balancer", () => {
  const databaseName = `tagit_instances_${process.pid}`;
  let admin: pg.Client;
  let db: pg.Pool;
  let a: AppProcess;
  let b: AppProcess;
  let s3: S3TestServer;
  const urls = { a: "", b: "" };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(ADMIN_URL as string);
    databaseUrl.pathname = `/${databaseName}`;
    db = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
    db.on("error", () => {});
    s3 = await startS3Server();
    const env = {
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_POOL_SIZE: "4",
      REDIS_URL: REDIS_URL as string,
      APP_SECRET: "several-instances-share-this-secret-0123",
      PUBLIC_URL,
      TRUST_PROXY: "loopback",
      JOBS_FIRST_RUN_DELAY_MS: "0",
      // Longer than the balancer takes to notice /readyz turning 503 (it checks every 100 ms).
      SHUTDOWN_DRAIN_MS: "2000",
      SHUTDOWN_TIMEOUT_MS: "30000",
    };
    // Both at the same moment, on an empty database.
    [a, b] = await Promise.all([startAppProcess("a", env), startAppProcess("b", env)]);
    [urls.a, urls.b] = await Promise.all([a.ready(), b.ready()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
  });

  it("both come up when started together on an empty database, which is migrated once", async () => {
    expect(urls.a).not.toBe(urls.b);
    const { rows } = await db.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(rows).toHaveLength(MIGRATIONS);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(MIGRATIONS);
    for (const instance of [a, b]) expect(instance.logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("runs each scheduled job once, not once per instance", async () => {
    const outcome = (instance: AppProcess, job: string) =>
      instance.logged(
        (line) => line.job === job && ["job ran", "job skipped", "job failed"].includes(line.msg),
        `the first tick of ${job}`,
      );
    for (const job of JOBS) {
      const [onA, onB] = await Promise.all([outcome(a, job), outcome(b, job)]);
      expect([onA.msg, onB.msg].sort()).toEqual(["job ran", "job skipped"]);
    }
    const { rows } = await db.query<{ name: string }>("select name from scheduled_job_runs order by name");
    expect(rows.map((row) => row.name)).toEqual([...JOBS].sort());
  });

  it("keeps a member signed in on A signed in on B, and signed out everywhere at once", async () => {
    const ada = await register(urls.a, "Ada");
    const profile = await send(urls.b, { path: "/api/profile", headers: { cookie: ada.cookie } });
    expect(profile.status).toBe(200);
    expect(JSON.parse(profile.body)).toMatchObject({ email: ada.email });
    const logout = await send(urls.b, {
      method: "POST",
      path: "/api/logout",
      ...json({}, { cookie: ada.cookie }),
    });
    expect(logout.status).toBeLessThan(300);
    await within(5_000, "A still accepted the ended session", async () => {
      expect((await send(urls.a, { path: "/api/profile", headers: { cookie: ada.cookie } })).status).toBe(
        401,
      );
    });
  });

  it("brings a view recorded on A to the owner's live stream on B", async () => {
    const [owner, visitor] = await Promise.all([register(urls.a, "Owen"), register(urls.b, "Vera")]);
    const post = await createPost(urls.a, owner, `Instances ${randomUUID().slice(0, 8)}`);
    const stream = await openSse(`${urls.b}/api/events`, { cookie: owner.cookie });
    try {
      await stream.until(() => stream.data("ready").length === 1, "it opened");
      expect((await view(urls.a, visitor, post)).status).toBe(202);
      await stream.until(() => stream.data("analytics").length === 1, "the view arrived");
      expect(stream.data("analytics")[0]).toMatchObject({
        postName: post.postName,
        visitorName: "Vera Instance",
      });
    } finally {
      await stream.close();
    }
  });

  it("counts a rate limit over the requests to both instances", async () => {
    const ip = freshIp();
    // Fresh addresses too: each address has a budget of its own, kept in Redis across runs.
    const run = randomUUID().slice(0, 8);
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      const base = n % 2 === 0 ? urls.a : urls.b;
      const answer = await send(base, {
        method: "POST",
        path: "/api/forgot-password",
        ...json({ email: `nobody-${run}-${n}@example.com` }, { "x-forwarded-for": ip }),
      });
      statuses.push(answer.status);
    }
    // RATE_LIMITS.forgotPassword allows 5 an hour per client, wherever they land.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("serves through B an image uploaded through A, from the shared object store", async () => {
    const owner = await register(urls.a, "Ines");
    const { payload, contentType } = multipartBody("image", "photo.png", "image/png", await png(64, 48));
    const upload = await send(urls.a, {
      method: "POST",
      path: "/api/upload-image",
      headers: { cookie: owner.cookie, origin: PUBLIC_URL, "content-type": contentType },
      body: payload,
    });
    expect(upload.status).toBe(201);
    const images = JSON.parse(upload.body) as { imageUrl: string; scrambledImageUrl: string };
    const name = (url: string) => url.slice("/uploads/".length);
    const stored = await s3.objects();
    expect(stored).toContain(`private/${name(images.imageUrl)}`);
    expect(stored).toContain(`public/${name(images.scrambledImageUrl)}`);

    const original = await sendForBytes(urls.b, images.imageUrl, owner.cookie);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(await s3.object(`private/${name(images.imageUrl)}`))).toBe(true);
    const scrambled = await sendForBytes(urls.b, images.scrambledImageUrl);
    expect(scrambled.status).toBe(200);
    expect(scrambled.bytes.equals(await s3.object(`public/${name(images.scrambledImageUrl)}`))).toBe(true);
    // The original is still the owner's: B applies the same access check to a stranger.
    expect((await sendForBytes(urls.b, images.imageUrl)).status).toBe(404);
  });

  it("loses no request in a rolling restart, and an open stream resumes on the other instance without losing events", async () => {
    const [owner, visitor] = await Promise.all([register(urls.b, "Rhea"), register(urls.b, "Roll")]);
    const posts = await Promise.all(
      [1, 2, 3].map((n) => createPost(urls.b, owner, `Rolling ${n} ${randomUUID().slice(0, 8)}`)),
    );
    const balancer = createLoadBalancer([urls.a, urls.b]);
    const streams: SseStream[] = [await openSse(`${urls.a}/api/events`, { cookie: owner.cookie })];
    const first = streams[0] as SseStream;
    await first.until(() => first.data("ready").length === 1, "it opened");

    // A small steady load through the balancer: the owner reading, the visitor viewing.
    const answers: (Answer & { retried: number })[] = [];
    const failures: unknown[] = [];
    let loading = true;
    const worker = async (n: number) => {
      for (let i = 0; loading; i += 1) {
        const post = posts[(n + i) % posts.length] as (typeof posts)[number];
        const request =
          i % 3 === 0
            ? { path: "/api/profile", headers: { cookie: owner.cookie } }
            : i % 3 === 1
              ? {
                  method: "POST",
                  path: "/api/track-search",
                  ...json(
                    { searchTerm: post.postName, action: "view", postId: post.id },
                    { cookie: visitor.cookie },
                  ),
                }
              : { path: "/api/tagg-analytics", headers: { cookie: owner.cookie } };
        await balancer.request(request).then(
          (answer) => answers.push(answer),
          (err: unknown) => failures.push(err),
        );
      }
    };
    const workers = [0, 1, 2].map(worker);
    await within(20_000, "the load started", async () => expect(answers.length).toBeGreaterThan(20));

    // An upload to A, half sent when A is told to stop.
    const { payload, contentType } = multipartBody("image", "photo.png", "image/png", await png(400, 300));
    const uploadsLogged = () =>
      a.logs.filter((line) => (line.req as { url?: string } | undefined)?.url === "/api/upload-image").length;
    const uploadsBefore = uploadsLogged();
    const upload = http.request(new URL("/api/upload-image", urls.a), {
      method: "POST",
      agent: false,
      headers: {
        cookie: owner.cookie,
        origin: PUBLIC_URL,
        "content-type": contentType,
        "content-length": String(payload.length),
      },
    });
    const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.on("error", reject);
    });
    upload.write(payload.subarray(0, payload.length / 2));
    await within(10_000, "A received the upload", async () =>
      expect(uploadsLogged()).toBeGreaterThan(uploadsBefore),
    );

    a.signal("SIGTERM");
    await a.logged((line) => line.msg === "shutting down", "it began shutting down");
    a.signal("SIGTERM"); // a second signal must not cut what is under way

    // After draining, A ends its streams asking them back: the browser reconnects (through the balancer, to B)
    // sending the last id it saw.
    await first.finished();
    expect(first.events.at(-1)?.retry).toBeGreaterThan(0);
    // A view while the owner has no stream open anywhere: the resumed stream must replay it.
    const gapPost = await createPost(urls.b, owner, `Rolling gap ${randomUUID().slice(0, 8)}`);
    expect((await view(urls.b, visitor, gapPost)).status).toBe(202);
    // Only now, with A closing and waiting for it, does the upload finish.
    upload.end(payload.subarray(payload.length / 2));
    const [target] = balancer.pick();
    expect(target).toBe(urls.b);
    const resumed = await openSse(`${target}/api/events`, {
      cookie: owner.cookie,
      "last-event-id": first.lastEventId as string,
    });
    streams.push(resumed);

    const done = await uploaded;
    expect(done.status).toBe(201);
    expect(JSON.parse(done.body)).toMatchObject({ imageUrl: expect.any(String) });
    expect(await a.exited).toBe(0);
    const afterExit = answers.length;
    await within(20_000, "the load went on", async () =>
      expect(answers.length).toBeGreaterThan(afterExit + 20),
    );
    loading = false;
    await Promise.all(workers);
    await balancer.stop();

    expect(failures).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.instance))).toEqual(new Set([urls.a, urls.b]));
    expect(
      a.logs.filter((line) => line.msg === "already shutting down; requests under way are still finishing"),
    ).toHaveLength(1);

    // Every view recorded for the owner reached one of the two streams.
    const { rows } = await db.query<{ id: string }>(
      "select id from search_analytics where target_user_id = $1",
      [owner.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    const received = () =>
      new Set(streams.flatMap((stream) => stream.data<{ id: string }>("analytics").map((e) => e.id)));
    expect(resumed.data<{ postName: string }>("analytics").map((e) => e.postName)).toContain(
      gapPost.postName,
    );
    await within(10_000, "events were lost", async () =>
      expect([...received()].sort()).toEqual(rows.map((row) => row.id).sort()),
    );
    await resumed.close();
  }, 90_000);
});
