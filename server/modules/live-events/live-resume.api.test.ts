import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchAnalytics } from "#server/db/schema/index.ts";
import { asMember, createPost, giveTagg, registerMember } from "#server/test/factories.ts";
import { openSse } from "#server/test/sse-client.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];
type Member = Awaited<ReturnType<typeof registerMember>>;

const view = (app: App, member: Member, post: { id: string; postName: string }) =>
  app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: asMember(member.cookie),
    payload: { searchTerm: post.postName, action: "view", postId: post.id },
    remoteAddress: "127.0.0.1",
  });

async function setup() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const bob = await registerMember(t, { firstName: "Bob", lastName: "Visitor" });
  await giveTagg(t, bob, "bob_v");
  const posts = await Promise.all(
    ["North Light", "South Light", "East Light"].map((n) => createPost(t, ada, n)),
  );
  const peer = await t.peer();
  const [a, b] = [
    await t.app.listen({ port: 0, host: "127.0.0.1" }),
    await peer.listen({ port: 0, host: "127.0.0.1" }),
  ];
  return { t, clock, ada, bob, posts, peer, urls: { a: `${a}/api/events`, b: `${b}/api/events` } };
}

describe("GET /api/events resumes from Last-Event-ID", () => {
  it("replays on another instance what the stream missed while it was away", async () => {
    const { t, clock, ada, bob, posts, peer, urls } = await setup();
    const [north, south, east] = posts as [(typeof posts)[0], (typeof posts)[0], (typeof posts)[0]];
    const first = await openSse(urls.a, { cookie: ada.cookie });
    await first.until(() => first.data("ready").length === 1, "it opened");
    clock.advance(1_000);
    expect((await view(t.app, bob, north)).statusCode).toBe(202);
    await first.until(() => first.data("analytics").length === 1, "the first view arrived");
    await first.close();

    // Away: views recorded through both instances.
    clock.advance(60_000);
    expect((await view(peer, bob, south)).statusCode).toBe(202);
    clock.advance(1_000);
    expect((await view(t.app, bob, east)).statusCode).toBe(202);

    const resumed = await openSse(urls.b, {
      cookie: ada.cookie,
      "last-event-id": first.lastEventId as string,
    });
    await resumed.until(() => resumed.data("ready").length === 1, "it opened");
    type Event = { id: string; postName: string };
    // What it missed, oldest first, after the last event it saw again: events stamped shortly before the
    // position are replayed too (one may commit after a later one), and the web client ignores an id it has.
    expect(resumed.data<Event>("analytics").map((e) => e.postName)).toEqual([
      "North Light",
      "South Light",
      "East Light",
    ]);
    // A view after the resume arrives live, and the position moves on with every event.
    clock.advance(1_000);
    expect((await view(peer, bob, north)).statusCode).toBe(202);
    await resumed.until(() => resumed.data("analytics").length === 4, "the live view arrived");
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    await resumed.close();

    const received = new Set(
      [...first.data<Event>("analytics"), ...resumed.data<Event>("analytics")].map((e) => e.id),
    );
    const recorded = await t.db
      .select({ id: searchAnalytics.id })
      .from(searchAnalytics)
      .where(eq(searchAnalytics.targetUserId, ada.user.id));
    expect(recorded).toHaveLength(4);
    expect([...received].sort()).toEqual(recorded.map((row) => row.id).sort());
  });

  it("also takes the position as ?lastEventId= (a client that had to open a new stream), and ignores a foreign one", async () => {
    const { t, clock, ada, bob, posts, urls } = await setup();
    const opened = await openSse(urls.a, { cookie: ada.cookie });
    await opened.until(() => opened.data("ready").length === 1, "it opened");
    const position = opened.lastEventId as string;
    await opened.close();
    clock.advance(10_000);
    expect((await view(t.app, bob, posts[0] as (typeof posts)[0])).statusCode).toBe(202);

    const viaQuery = await openSse(`${urls.b}?lastEventId=${position}`, { cookie: ada.cookie });
    await viaQuery.until(() => viaQuery.data("ready").length === 1, "it opened");
    expect(viaQuery.data("analytics")).toHaveLength(1);
    await viaQuery.close();

    const foreign = await openSse(urls.b, { cookie: ada.cookie, "last-event-id": "not-ours" });
    await foreign.until(() => foreign.data("ready").length === 1, "it opened");
    expect(foreign.data("analytics")).toEqual([]);
    await foreign.close();
  });
});

describe("anonymous activity released while a stream was away", () => {
  it("is replayed by when it was released, though its time is its bucket's start", async () => {
    const clock = manualClock(new Date("2026-01-15T12:00:30Z"));
    const t = await createTestApp({
      clock,
      config: { anonymity: { releaseMinutes: 1, jitterMinutes: 0, minVisitors: 1, keyDays: 30 } },
    });
    const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
    const post = await createPost(t, ada, "North Light");
    const url = `${await t.app.listen({ port: 0, host: "127.0.0.1" })}/api/events`;
    const first = await openSse(url, { cookie: ada.cookie });
    await first.until(() => first.data("ready").length === 1, "it opened");
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/track-search",
      headers: { origin: t.config.publicUrl },
      payload: { searchTerm: post.postName, action: "view", postId: post.id },
      remoteAddress: "203.0.113.5",
    });
    expect(signedOut.json()).toEqual({ recorded: 1, skipped: null });
    await first.close();

    clock.advance(2 * 60_000);
    expect(await t.app.jobs.run("release-anonymous-activity")).toEqual({ released: 1 });
    const resumed = await openSse(url, { cookie: ada.cookie, "last-event-id": first.lastEventId as string });
    await resumed.until(() => resumed.data("ready").length === 1, "it opened");
    expect(resumed.data("analytics")).toEqual([
      expect.objectContaining({ visitorName: "Anonymous User", createdAt: "2026-01-15T12:00:00.000Z" }),
    ]);
    await resumed.close();
  });
});

describe("closing an instance", () => {
  it("ends its live streams first, asking them to reconnect, without waiting for them", async () => {
    const { ada, peer, urls } = await setup();
    const streams = await Promise.all([
      openSse(urls.b, { cookie: ada.cookie }),
      openSse(urls.b, { cookie: ada.cookie }),
    ]);
    for (const stream of streams) await stream.until(() => stream.data("ready").length === 1, "it opened");
    await peer.close();
    for (const stream of streams) {
      await stream.finished();
      expect(stream.events.at(-1)?.retry).toBeGreaterThan(0);
    }
  });
});
