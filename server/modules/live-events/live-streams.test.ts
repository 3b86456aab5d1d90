import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { boundedWriter, createLiveStreams, MAX_BUFFERED_BYTES } from "./live-streams.ts";

describe("live streams", () => {
  it("drops a reader that stops reading instead of buffering without limit", () => {
    // A socket whose reader never takes anything: every write stays buffered.
    const stalled = new Writable({ highWaterMark: 1024, write: () => {} });
    let dropped = 0;
    const write = boundedWriter(stalled, () => {
      dropped += 1;
    });
    const event = `data: ${"x".repeat(1000)}\n\n`;
    for (let i = 0; i < 1000; i += 1) write(event);
    expect(dropped).toBeGreaterThan(0);
    expect(stalled.writableLength).toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
  });

  it("caps streams per member and in all, and ends them by session or by member", () => {
    const streams = createLiveStreams({ perMember: 2, total: 3 });
    const closed: string[] = [];
    const open = (userId: string, sessionId: string) =>
      streams.add({ userId, sessionId, close: () => closed.push(sessionId) });
    open("ada", "s1");
    open("ada", "s2");
    expect(streams.refusal("ada")).toBe("member_full");
    expect(streams.refusal("bob")).toBeUndefined();
    open("bob", "s3");
    expect(streams.refusal("cy")).toBe("full");

    streams.end({ sessionId: "s3" });
    streams.end({ userId: "ada", exceptSessionId: "s2" });
    expect(closed).toEqual(["s3", "s1"]);
  });

  it("frees a slot when a stream is removed, once however often it is removed", () => {
    const streams = createLiveStreams({ perMember: 1, total: 2 });
    const remove = streams.add({ userId: "ada", sessionId: "s1", close: () => {} });
    streams.add({ userId: "bob", sessionId: "s2", close: () => {} });
    expect(streams.refusal("cy")).toBe("full");
    remove();
    remove();
    expect(streams.size).toBe(1);
    expect(streams.refusal("ada")).toBeUndefined();
    expect(streams.refusal("bob")).toBe("member_full");
  });
});
