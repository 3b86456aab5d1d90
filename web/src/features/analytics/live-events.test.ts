import { describe, expect, it } from "vitest";
import { openLiveEvents } from "./live-events.ts";

/** A stand-in EventSource the test drives: deliver events, refuse the stream. */
class FakeSource {
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  deliver(type: string, data: string, lastEventId: string) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data, lastEventId } as unknown as Event);
  }
  /** What a browser does on a refused stream (a 503): it gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.({} as Event);
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const received: string[] = [];
  const stop = openLiveEvents(
    {
      analytics: (data) => received.push(`analytics ${data}`),
      notice: (data) => received.push(`notice ${data}`),
    },
    {
      createSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    },
  );
  return { sources, timers, received, stop };
}

describe("openLiveEvents", () => {
  it("hands events over and, after a refusal, opens a new stream from where the last one stood", () => {
    const { sources, timers, received } = harness();
    const first = sources[0] as FakeSource;
    expect(first.url).toBe("/api/events");
    first.deliver("ready", "{}", "1000");
    first.deliver("analytics", '{"id":"a"}', "1500");
    first.deliver("notice", '{"id":"n"}', "1600");
    expect(received).toEqual(['analytics {"id":"a"}', 'notice {"id":"n"}']);

    first.refuse();
    expect(timers.map((timer) => timer.ms)).toEqual([5_000]);
    timers[0]?.run();
    expect(sources[1]?.url).toBe("/api/events?lastEventId=1600");
  });

  it("waits longer after each refusal in a row, and starts again once a stream opens", () => {
    const { sources, timers } = harness();
    for (let i = 0; i < 6; i += 1) {
      (sources.at(-1) as FakeSource).refuse();
      timers.at(-1)?.run();
    }
    expect(timers.map((timer) => timer.ms)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    (sources.at(-1) as FakeSource).deliver("ready", "{}", "2000");
    (sources.at(-1) as FakeSource).refuse();
    expect(timers.at(-1)?.ms).toBe(5_000);
  });

  it("leaves a dropped connection to the browser's own reconnection, and stops for good when told", () => {
    const { sources, timers, stop } = harness();
    const first = sources[0] as FakeSource;
    first.onerror?.({} as Event); // still CONNECTING: the browser retries by itself, with Last-Event-ID
    expect(timers).toEqual([]);
    stop();
    expect(first.closed).toBe(true);
    first.refuse();
    expect(timers).toEqual([]);
  });
});
