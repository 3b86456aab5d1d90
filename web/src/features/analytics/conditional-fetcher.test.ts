import { afterEach, describe, expect, it, vi } from "vitest";
import { analyticsEvent } from "#web/test/analytics-test-data.ts";
import { createConditionalFetcher } from "./conditional-fetcher.ts";

const ANALYTICS_URL = "/api/tagg-analytics";
const a = analyticsEvent();
const b = analyticsEvent();

type Reply = { status: number; etag?: string; body?: unknown };

function stubReplies(...replies: Reply[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies.shift();
    if (!reply) throw new Error("no more replies");
    const headers: Record<string, string> = reply.etag ? { ETag: reply.etag } : {};
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers,
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const sentTag = (mock: ReturnType<typeof stubReplies>, call: number) =>
  (mock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.["If-None-Match"];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createConditionalFetcher", () => {
  it("revalidates with the last tag and returns the same data on a 304", async () => {
    const fetchMock = stubReplies(
      { status: 200, etag: 'W/"1"', body: [a] },
      { status: 304, etag: 'W/"1"' },
      { status: 200, etag: 'W/"2"', body: [b, a] },
    );
    const fetcher = createConditionalFetcher(ANALYTICS_URL);
    const first = await fetcher.fetch(undefined);
    expect(first).toEqual([a]);
    expect(sentTag(fetchMock, 0)).toBeUndefined();

    const second = await fetcher.fetch(first);
    expect(second).toBe(first);
    expect(sentTag(fetchMock, 1)).toBe('W/"1"');

    const third = await fetcher.fetch(second);
    expect(third).toEqual([b, a]);
    expect(sentTag(fetchMock, 2)).toBe('W/"1"');
  });

  it("asks in full when the caller no longer holds the tagged data", async () => {
    const fetchMock = stubReplies(
      { status: 200, etag: 'W/"1"', body: [a] },
      { status: 200, etag: 'W/"1"', body: [a] },
      { status: 200, etag: 'W/"1"', body: [a] },
    );
    const fetcher = createConditionalFetcher(ANALYTICS_URL);
    await fetcher.fetch(undefined);
    await fetcher.fetch(undefined); // cache cleared (logout)
    expect(sentTag(fetchMock, 1)).toBeUndefined();
    await fetcher.fetch([b]);
    expect(sentTag(fetchMock, 2)).toBeUndefined();
  });

  it("recovers from a 304 it did not ask for and forgets the tag on reset", async () => {
    const fetchMock = stubReplies(
      { status: 304 },
      { status: 200, etag: 'W/"3"', body: [a] },
      { status: 200, body: [a] },
    );
    const fetcher = createConditionalFetcher(ANALYTICS_URL);
    await expect(fetcher.fetch(undefined)).resolves.toEqual([a]);
    fetcher.reset();
    await fetcher.fetch([a]);
    expect(sentTag(fetchMock, 2)).toBeUndefined();
  });

  it("passes errors on", async () => {
    stubReplies({ status: 401, body: { error: "Not authenticated" } });
    await expect(createConditionalFetcher(ANALYTICS_URL).fetch(undefined)).rejects.toMatchObject({
      status: 401,
    });
  });
});
