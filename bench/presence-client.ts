// The members of bench/presence, in a process of their own (as browsers on other machines would be): each
// online member keeps the live stream (GET /api/events) open and polls GET /api/tagg-analytics every 3 s with
// its ETag, as the dashboard does; beside them, anonymous visitors search post names (held and released in
// batches by the app) and signed-in members view online members' posts by name, at a steady rate. Driven by the parent over IPC: { grow: N } opens streams up to member N,
// { measure: seconds } runs the load for that long and answers with its figures (between measurements only the
// streams stay open), { etags: count } answers members' cookies and ETags for the saturation run.
import { addressOf, memberCookie as cookieOf, openEventStream, recorder, request } from "./http-client.ts";
import { percentile } from "./statistics.ts";

const port = Number(process.env.BENCH_PORT);
const totalMembers = Number(process.env.BENCH_MEMBERS);
const searchesPerSecond = Number(process.env.BENCH_SEARCHES ?? 50);
const viewsPerSecond = Number(process.env.BENCH_VIEWS ?? 10);
const POLL_EVERY_MS = 3_000;
const TICK_MS = 50;

const random = (below: number) => Math.floor(Math.random() * below);
const call = (method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string) =>
  request(port, method, path, headers, body);

// ---- online members: streams and polls ----
const etags = new Map<number, string>();
let online = 0;
let streamsOpen = 0;
let streamsRefused = 0;
let eventsReceived = 0;
/** Views sent and not yet seen on their owner's stream, by recorded term. */
const pendingViews = new Map<string, number>();
let viewToStream: number[] = [];

async function openStream(member: number) {
  const opened = await openEventStream(port, member, (data) => {
    eventsReceived += 1;
    const sentAt = pendingViews.get(data.searchTerm);
    if (sentAt !== undefined) {
      pendingViews.delete(data.searchTerm);
      viewToStream.push(performance.now() - sentAt);
    }
  });
  if (!opened) {
    streamsRefused += 1;
    return;
  }
  streamsOpen += 1;
  opened.on("close", () => {
    streamsOpen -= 1;
  });
}

/** Opens members' streams up to `target`, a few dozen at a time, each after its first full analytics answer. */
async function grow(target: number) {
  const next = () => (online < target ? ++online : undefined);
  const worker = async () => {
    for (let member = next(); member !== undefined; member = next()) {
      const first = await call("GET", "/api/tagg-analytics", {
        cookie: cookieOf(member),
        "x-forwarded-for": addressOf(member),
      });
      if (first.etag) etags.set(member, first.etag);
      await openStream(member);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

const polls = recorder();
const searches = recorder();
const views = recorder();
let running = false;
let tick = 0;

/** Each online member polls once every 3 s, spread evenly over the ticks of those 3 s. */
function pollTick() {
  const ticksPerPoll = POLL_EVERY_MS / TICK_MS;
  const slot = tick % ticksPerPoll;
  tick += 1;
  for (let member = 1 + slot; member <= online; member += ticksPerPoll) {
    const etag = etags.get(member);
    void call("GET", "/api/tagg-analytics", {
      cookie: cookieOf(member),
      "x-forwarded-for": addressOf(member),
      ...(etag ? { "if-none-match": etag } : {}),
    }).then((answer) => {
      polls.add(answer);
      if (answer.status === 200 && answer.etag) etags.set(member, answer.etag);
    });
  }
}

let visitor = 1_000_000;
/** An anonymous visitor's exact-name search of any post. */
function search() {
  const term = `bench post ${1 + random(totalMembers * 10)}`;
  void call("GET", `/api/public/tagged-posts?search=${encodeURIComponent(term)}`, {
    "x-forwarded-for": addressOf(visitor++),
  }).then((answer) => searches.add(answer));
}

/**
 * A signed-in member's named view of a post of an online member (post j belongs to member 1 + j % members),
 * named by its exact name as the public view call allows (the data set's md5 ids are not RFC 4122 uuids). Named
 * activity is what streams live; anonymous activity (the searches) is held and released in batches.
 */
function view() {
  const owner = 1 + random(online);
  // Members other than online ones, in `show` mode (the data set hides every tenth member).
  let viewer = totalMembers - random(Math.min(1_000, totalMembers - online));
  if (viewer % 10 === 0) viewer -= 1;
  const post = owner - 1 + totalMembers * (1 + random(9));
  const name = `bench post ${post}`;
  pendingViews.set(name, performance.now());
  void call(
    "POST",
    "/api/track-search",
    {
      "content-type": "application/json",
      origin: process.env.BENCH_ORIGIN ?? "",
      cookie: cookieOf(viewer),
      "x-forwarded-for": addressOf(visitor++),
    },
    JSON.stringify({ searchTerm: name, action: "view" }),
  ).then((answer) => views.add(answer));
}

/** Runs `perSecond` calls of `fn` spread over each second, from one timer. */
function every(perSecond: number, fn: () => void) {
  let owed = 0;
  return () => {
    owed += (perSecond * TICK_MS) / 1000;
    while (owed >= 1) {
      owed -= 1;
      fn();
    }
  };
}

const background = [every(searchesPerSecond, search), every(viewsPerSecond, view)];
setInterval(() => {
  if (!running) return;
  pollTick();
  for (const run of background) run();
}, TICK_MS);

async function measure(seconds: number) {
  polls.take();
  searches.take();
  views.take();
  viewToStream = [];
  pendingViews.clear();
  const received = eventsReceived;
  running = true;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the last answers and events arrive
  const at = (p: number) => percentile(viewToStream, p);
  return {
    online,
    streamsOpen,
    streamsRefused,
    polls: polls.take(),
    searches: searches.take(),
    views: views.take(),
    viewToStream: { count: viewToStream.length, lost: pendingViews.size, p50: at(50), p99: at(99) },
    eventsReceived: eventsReceived - received,
  };
}

process.on("message", async (message: { grow?: number; measure?: number; etags?: number }) => {
  if (message.grow !== undefined) {
    await grow(message.grow);
    process.send?.({ grown: { online, streamsOpen, streamsRefused } });
  } else if (message.measure !== undefined) {
    process.send?.({ measured: await measure(message.measure) });
  } else if (message.etags !== undefined) {
    // Each member's current ETag (events may have changed it since their last poll), so every poll of the
    // saturation run is the unchanged one.
    const members = [...etags.keys()].slice(0, message.etags);
    const sample: { cookie: string; etag: string; address: string }[] = [];
    const worker = async () => {
      for (let member = members.pop(); member !== undefined; member = members.pop()) {
        const headers = { cookie: cookieOf(member), "x-forwarded-for": addressOf(member) };
        const current = await call("GET", "/api/tagg-analytics", headers);
        if (current.etag)
          sample.push({ cookie: headers.cookie, etag: current.etag, address: addressOf(member) });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker)); // a few at a time: not a burst the app would refuse
    process.send?.({ etags: sample });
  }
});
process.send?.({ ready: true });
