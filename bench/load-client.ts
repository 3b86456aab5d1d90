// The clients of bench/load, in a process of their own: `BENCH_CLIENTS` people at once, each doing one thing
// after another from a realistic mix (weights below, in percent: reads dominate, as members online poll every 3 s) — anonymous searches and views, signed-in members polling their analytics
// (some with the live stream open), opening the dashboard's lists, signing in, signing up, uploading a photo
// and posting it. Requests go round-robin to the instances (`BENCH_PORTS`), as a load balancer would send them.
// Driven over IPC: { run: { seconds, thinkMs, offset } } runs the mix (`thinkMs` between one person's requests;
// 0 for as fast as the instances answer) and answers each route's figures; { streams: n } opens n members'
// streams, spread over the instances.
import { readFileSync } from "node:fs";
import { multipartBody } from "#server/test/images.ts";
import {
  type Answer,
  addressOf,
  type Figures,
  memberCookie,
  openEventStream,
  recorder,
  refusalOf,
  request,
} from "./http-client.ts";

const ports = (process.env.BENCH_PORTS ?? "").split(",").map(Number);
const clients = Number(process.env.BENCH_CLIENTS ?? 500);
const members = Number(process.env.BENCH_MEMBERS);
const origin = process.env.BENCH_ORIGIN ?? "";
const photo = readFileSync(process.env.BENCH_PHOTO ?? "");

const random = (below: number) => Math.floor(Math.random() * below);
let turn = 0;
const nextPort = () => ports[turn++ % ports.length] as number;
const json = { "content-type": "application/json", origin };

const routes = new Map<string, ReturnType<typeof recorder>>();
const record = (route: string, answer: Awaited<ReturnType<typeof request>>) => {
  const figures = routes.get(route) ?? recorder();
  routes.set(route, figures);
  figures.add(answer);
  return answer;
};

/** Sign-ups of an earlier invocation of the benchmark stay in the data set: new e-mail addresses each time. */
const invocation = Date.now().toString(36);

/** Where this run's people come from: addresses and members no earlier run used (rate limits remember). */
let run = { offset: 0, visitor: 0, member: 0 };
const freshAddress = () => addressOf(run.offset + 100_000 + run.visitor++);
/** Members in turn from a run's own range, so per-member limits (sign-ins, uploads) see few requests each. */
const nextMember = () => 1 + ((run.offset + run.member++) % members);

const etags = new Map<number, string>();
let streamMembers = 0;

/** Each action answers its last request's answer (or undefined when it sent none). */
const actions: [weight: number, name: string, act: () => Promise<Answer | undefined>][] = [
  [
    30,
    "search",
    () =>
      request(
        nextPort(),
        "GET",
        `/api/public/tagged-posts?search=${encodeURIComponent(`bench post ${1 + random(members * 10)}`)}`,
        { "x-forwarded-for": freshAddress() },
      ).then((a) => record("GET /api/public/tagged-posts", a)),
  ],
  [
    10,
    "view",
    () =>
      request(
        nextPort(),
        "POST",
        "/api/track-search",
        { ...json, "x-forwarded-for": freshAddress() },
        JSON.stringify({ searchTerm: `bench post ${1 + random(members * 10)}`, action: "view" }),
      ).then((a) => record("POST /api/track-search", a)),
  ],
  [
    38,
    "poll",
    async () => {
      // Members with a stream open poll most; the rest are members who just arrived on the dashboard.
      const member = streamMembers > 0 ? 1 + random(streamMembers) : nextMember();
      const etag = etags.get(member);
      const answer = await request(nextPort(), "GET", "/api/tagg-analytics", {
        cookie: memberCookie(member),
        "x-forwarded-for": addressOf(member),
        ...(etag ? { "if-none-match": etag } : {}),
      });
      if (answer.status === 200 && answer.etag) etags.set(member, answer.etag);
      return record("GET /api/tagg-analytics", answer);
    },
  ],
  [
    8,
    "profile",
    () => {
      const member = nextMember();
      return request(nextPort(), "GET", "/api/profile", {
        cookie: memberCookie(member),
        "x-forwarded-for": addressOf(member),
      }).then((a) => record("GET /api/profile", a));
    },
  ],
  [
    8,
    "own posts",
    () => {
      const member = nextMember();
      return request(nextPort(), "GET", "/api/tagged-posts", {
        cookie: memberCookie(member),
        "x-forwarded-for": addressOf(member),
      }).then((a) => record("GET /api/tagged-posts", a));
    },
  ],
  [
    3,
    "sign in",
    () => {
      const member = nextMember();
      return request(
        nextPort(),
        "POST",
        "/api/auth/login",
        { ...json, "x-forwarded-for": freshAddress() },
        JSON.stringify({ email: `member${member}@bench.tagit`, password: "bench-password" }),
      ).then((a) => record("POST /api/auth/login", a));
    },
  ],
  [
    2,
    "sign up",
    () => {
      const n = run.visitor;
      return request(
        nextPort(),
        "POST",
        "/api/auth/register",
        { ...json, "x-forwarded-for": freshAddress() },
        JSON.stringify({
          firstName: "Load",
          lastName: "Tester",
          email: `load-${invocation}-${run.offset}-${n}@bench.tagit`,
          password: "bench-password",
        }),
      ).then((a) => record("POST /api/auth/register", a));
    },
  ],
  [
    1,
    "upload and post",
    async () => {
      const member = nextMember();
      const who = { cookie: memberCookie(member), "x-forwarded-for": addressOf(member), origin };
      const { payload, contentType } = multipartBody("image", "photo.jpg", "image/jpeg", photo);
      const port = nextPort();
      const uploaded = record(
        "POST /api/upload-image",
        await request(
          port,
          "POST",
          "/api/upload-image",
          { ...who, "content-type": contentType },
          payload,
          true,
        ),
      );
      if (uploaded.status !== 201) return uploaded;
      const image = JSON.parse(uploaded.body) as { imageUrl: string; scrambledImageUrl: string };
      const answer = await request(
        nextPort(),
        "POST",
        "/api/tagged-posts",
        { ...who, "content-type": "application/json" },
        JSON.stringify({
          postName: `load ${invocation} ${run.offset} ${member} ${run.visitor++}`,
          originalImage: image.imageUrl,
          scrambledImage: image.scrambledImageUrl,
        }),
      );
      return record("POST /api/tagged-posts", answer);
    },
  ],
];
const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
const pickAction = () => {
  let roll = random(totalWeight);
  for (const action of actions) {
    roll -= action[0];
    if (roll < 0) return action;
  }
  return actions[0] as (typeof actions)[number];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runMix(seconds: number, thinkMs: number) {
  routes.clear();
  const until = performance.now() + seconds * 1000;
  const person = async () => {
    if (thinkMs > 0) await sleep(random(thinkMs * 2)); // arrivals spread over the first moments
    while (performance.now() < until) {
      const answer = await pickAction()[2]();
      // Told to come back later (429/503 with Retry-After), a person waits as asked, at either pace: the web
      // app never retries by itself, and a load balancer would send the request elsewhere.
      const backOff = refusalOf(answer);
      if (backOff !== undefined) await sleep(Math.min(backOff, Math.max(0, until - performance.now())));
      else if (thinkMs > 0) await sleep(thinkMs / 2 + random(thinkMs));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, person));
  const elapsed = (performance.now() - started) / 1000;
  const figures: Record<string, Figures> = {};
  for (const [route, recorded] of routes) figures[route] = recorded.take();
  return { elapsed, figures };
}

let streamsOpen = 0;
let eventsReceived = 0;
process.on(
  "message",
  async (message: { run?: { seconds: number; thinkMs: number; offset: number }; streams?: number }) => {
    if (message.streams !== undefined) {
      for (let member = streamMembers + 1; member <= message.streams; member++) {
        const opened = await openEventStream(ports[member % ports.length] as number, member, () => {
          eventsReceived += 1;
        });
        if (opened) {
          streamsOpen += 1;
          opened.on("close", () => {
            streamsOpen -= 1;
          });
        }
      }
      streamMembers = message.streams;
      process.send?.({ streams: { open: streamsOpen } });
    } else if (message.run) {
      run = { offset: message.run.offset, visitor: 0, member: 0 };
      const received = eventsReceived;
      const result = await runMix(message.run.seconds, message.run.thinkMs);
      process.send?.({
        ran: { ...result, streamsOpen, eventsReceived: eventsReceived - received },
      });
    }
  },
);
process.send?.({ ready: true });
