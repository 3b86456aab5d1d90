import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, hostAndPort, startTcpProxy, type TcpProxy } from "#server/test/tcp-proxy.ts";
import { createEventBus, type MemberEvent } from "./event-bus.ts";
import { connectRedis } from "./redis.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bus on Redis at `url`, as one app instance would hold it, with every message its subscriber receives. */
function busOn(url: string) {
  const { client, subscriber } = connectRedis(url, { warn: () => {}, info: () => {} });
  const bus = createEventBus({ publisher: client, subscriber });
  const received: string[] = [];
  subscriber.on("message", (channel: string) => received.push(channel));
  cleanups.push(async () => {
    await bus.close();
    client.disconnect();
  });
  return { bus, received };
}

/** A bus whose Redis connections go through `proxy`. */
const busThrough = (proxy: TcpProxy) => busOn(`redis://127.0.0.1:${proxy.port}`).bus;

const event = (n: number): MemberEvent => ({ type: "analytics", data: { n } });

describe.skipIf(!REDIS_URL)("event bus across a Redis outage (real Redis behind a proxy)", () => {
  it("never crashes, delivers on the instance meanwhile, and fans out again once Redis is back", async () => {
    const proxy = await startTcpProxy(hostAndPort(REDIS_URL as string, 6379));
    cleanups.push(() => proxy.close());
    const here = busThrough(proxy);
    const there = busThrough(proxy);
    const seenHere: unknown[] = [];
    const seenThere: unknown[] = [];
    await here.subscribe("member-1", (e) => seenHere.push(e.data));
    await there.subscribe("member-1", (e) => seenThere.push(e.data));

    // Both instances connected: an event published on one reaches the other.
    await eventually(async () => {
      here.publish("member-1", event(0));
      expect(seenThere).toContainEqual({ n: 0 });
    });

    proxy.cut();
    // Publishing during the outage neither throws nor leaves a rejected promise behind (vitest fails the run
    // on an unhandled rejection), and reaches this instance's own streams.
    for (let n = 1; n <= 20; n += 1) here.publish("member-1", event(n));
    await eventually(async () => expect(seenHere).toContainEqual({ n: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    proxy.restore();
    await eventually(async () => {
      here.publish("member-1", event(99));
      expect(seenThere).toContainEqual({ n: 99 });
    });
  });
});

describe.skipIf(!REDIS_URL)("event bus channels (real Redis)", () => {
  it("delivers a member's events only to the instances listening for that member", async () => {
    const a = busOn(REDIS_URL as string);
    const b = busOn(REDIS_URL as string);
    const [member, other] = [randomUUID(), randomUUID()];
    const seenOnB: unknown[] = [];
    const stop = await b.bus.subscribe(member, (e) => seenOnB.push(e.data));
    await eventually(async () => {
      a.bus.publish(member, event(1));
      expect(seenOnB).toContainEqual({ n: 1 });
    });

    // An event for a member nobody on B listens for never reaches B's connection: Redis delivers messages to
    // one connection in the order they were published, so once the next one arrives, the first was not sent.
    const before = b.received.length;
    a.bus.publish(other, event(2));
    a.bus.publish(member, event(3));
    await eventually(async () => expect(seenOnB).toContainEqual({ n: 3 }));
    expect(b.received.slice(before)).toContain(`tagit:member-events:${member}`);
    expect(b.received).not.toContain(`tagit:member-events:${other}`);

    // Once B's last listener for the member stops, B unsubscribes: its connection hears nothing more of them.
    stop();
    const marker = randomUUID();
    await b.bus.subscribe(marker, () => {});
    const afterStop = b.received.length;
    a.bus.publish(member, event(4));
    a.bus.publish(marker, event(5));
    await eventually(async () => expect(b.received.length).toBeGreaterThan(afterStop));
    expect(b.received.slice(afterStop)).toEqual([`tagit:member-events:${marker}`]);
    expect(b.received.slice(afterStop)).not.toContain(`tagit:member-events:${member}`);
    expect(seenOnB).not.toContainEqual({ n: 4 });
  });
});
