import { describe, expect, it, vi } from "vitest";
import { AppError } from "#server/lib/app-error.ts";
import { createEventBus, type MemberEvent } from "#server/lib/event-bus.ts";
import { createLiveEventsService } from "./live-events.service.ts";
import { createLiveFeed } from "./live-feed.ts";
import { createLiveStreams, SESSION_CONTROL } from "./live-streams.ts";

const NOW = Date.parse("2026-01-15T12:00:00Z");
const member = { user: { id: "m1" }, sessionId: "s1", token: "t1" };
const event = (id: string, at: number) => ({ id, createdAt: new Date(at).toISOString() });

/** A service on an in-process bus whose replay reads `missed` (analytics events), and a sink that records. */
function setup(missed: { id: string; createdAt: string }[] = []) {
  const events = createEventBus();
  let replayRead = () => {};
  const feed = createLiveFeed({
    analytics: {
      listSince: async () => {
        replayRead();
        return missed as never;
      },
    },
    notices: { listSince: async () => [] },
    clock: { now: () => new Date(NOW) },
  });
  const streams = createLiveStreams({ perMember: 1, total: 10 });
  const service = createLiveEventsService({
    events,
    sessions: { resolve: async () => true } as never,
    feed,
    streams,
  });
  const written: string[] = [];
  let ended = false;
  const sink = {
    write: (chunk: string) => void written.push(chunk),
    end() {
      ended = true;
    },
  };
  return {
    events,
    service,
    streams,
    sink,
    written,
    ended: () => ended,
    onReplayRead: (f: () => void) => (replayRead = f),
  };
}

describe("the live-events service", () => {
  it("replays what was missed, then what arrived while it opened (once), then ready at the position", async () => {
    const t = setup([event("a", NOW - 2_000), event("b", NOW - 1_000)]);
    // Published while the replay is read: "b" is in the replay too, "c" only live.
    t.onReplayRead(() => {
      t.events.publish("m1", { type: "analytics", data: event("b", NOW - 1_000) });
      t.events.publish("m1", { type: "analytics", data: event("c", NOW + 500) });
    });
    const stream = await t.service.open(member, String(NOW - 10_000), t.sink);
    expect(t.written).toEqual([]);
    stream.start(() => {});
    const ids = [...(t.written[0] ?? "").matchAll(/"id":"(\w)"/g)].map((match) => match[1]);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(t.written[0]).toMatch(new RegExp(`id: ${NOW + 500}\nevent: ready\n`));
    stream.close();
    expect(t.ended()).toBe(true);
  });

  it("refuses a stream past the member's cap, and starts none whose session ended while it opened", async () => {
    const t = setup();
    const first = await t.service.open(member, undefined, t.sink);
    await expect(t.service.open(member, undefined, t.sink)).rejects.toMatchObject({ code: "rate_limited" });
    const stop = await t.service.followSessionEnds();
    t.events.publish(SESSION_CONTROL, { type: "session_ended", data: { sessionId: "s1" } } as MemberEvent);
    const begin = vi.fn();
    expect(() => first.start(begin)).toThrow(AppError);
    expect(begin).not.toHaveBeenCalled();
    expect(t.streams.size).toBe(0);
    stop();
  });
});
