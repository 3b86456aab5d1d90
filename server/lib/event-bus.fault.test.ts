import { afterEach, describe, expect, it } from "vitest";
import { eventually, hostAndPort, startTcpProxy, type TcpProxy } from "#server/test/tcp-proxy.ts";
import { createEventBus, type MemberEvent } from "./event-bus.ts";
import { connectRedis } from "./redis.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bus whose Redis connections go through `proxy`, as one app instance would hold them. */
function busThrough(proxy: TcpProxy) {
  const url = `redis://127.0.0.1:${proxy.port}`;
  const { client, subscriber } = connectRedis(url, { warn: () => {}, info: () => {} });
  const bus = createEventBus({ publisher: client, subscriber });
  cleanups.push(async () => {
    await bus.close();
    client.disconnect();
  });
  return bus;
}

const event = (n: number): MemberEvent => ({ type: "analytics", data: { n } });

describe.skipIf(!REDIS_URL)("event bus across a Redis outage (real Redis behind a proxy)", () => {
  it("never crashes, delivers on the instance meanwhile, and fans out again once Redis is back", async () => {
    const proxy = await startTcpProxy(hostAndPort(REDIS_URL as string, 6379));
    cleanups.push(() => proxy.close());
    const here = busThrough(proxy);
    const there = busThrough(proxy);
    const seenHere: unknown[] = [];
    const seenThere: unknown[] = [];
    here.subscribe("member-1", (e) => seenHere.push(e.data));
    there.subscribe("member-1", (e) => seenThere.push(e.data));

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
