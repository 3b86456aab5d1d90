import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asMember, createPost, registerMember, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

const SCRIPT = `export const greeting = ${JSON.stringify("hello from the build ".repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

/** A web build as `vite build` leaves it: each text file with its .br and .gz beside it. */
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "tagit-web-build-"));
  await mkdir(path.join(webRoot, "assets"));
  for (const [file, text] of [
    ["index.html", INDEX],
    ["assets/app-1a2b.js", SCRIPT],
  ] as const) {
    await writeFile(path.join(webRoot, file), text);
    await writeFile(path.join(webRoot, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(webRoot, `${file}.gz`), gzipSync(text));
  }
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

describe("compression", () => {
  it("serves a built asset brotli or gzip as accepted, and plain to a client that accepts neither", async () => {
    const t = await createTestApp({ webRoot });
    const get = (encoding?: string) =>
      t.app.inject({ url: "/assets/app-1a2b.js", headers: encoding ? { "accept-encoding": encoding } : {} });

    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toContain("immutable");
    // The file compressed at build, not a new compression per request.
    expect(br.rawPayload.equals(await readFile(path.join(webRoot, "assets/app-1a2b.js.br")))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(await readFile(path.join(webRoot, "assets/app-1a2b.js.gz")))).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("serves the index.html fallback of a client route compressed and never cached", async () => {
    const t = await createTestApp({ webRoot });
    const page = await t.app.inject({
      url: "/search-tagged-posts",
      headers: { "accept-encoding": "br" },
      remoteAddress: uniqueIp(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it("compresses JSON answers, and the analytics poll still gets its 304 when nothing changed", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await createPost(t, ada, "Lighthouse");
    for (let i = 0; i < 8; i++) {
      clock.advance(6_000);
      const tracked = await t.app.inject({
        method: "POST",
        url: "/api/track-search",
        headers: asMember(bob.cookie),
        payload: { searchTerm: "lighthouse" },
      });
      expect(tracked.json().recorded).toBe(1);
    }
    const headers = { cookie: ada.cookie, "accept-encoding": "br, gzip" };
    const list = await t.app.inject({ url: "/api/tagg-analytics", headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString())).toHaveLength(8);
    const etag = String(list.headers.etag);
    expect(etag).not.toBe("undefined");

    const poll = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { ...headers, "if-none-match": etag },
    });
    expect(poll.statusCode).toBe(304);
    expect(poll.body).toBe("");
  });

  it("never compresses or holds back the live stream: its first bytes arrive plain while it stays open", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;

    const { headers, firstChunk, request } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      firstChunk: string;
      request: http.ClientRequest;
    }>((resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port, path: "/api/events", headers: { cookie, "accept-encoding": "br, gzip" } },
        (res) => {
          res.once("data", (chunk: Buffer) =>
            resolve({ headers: res.headers, firstChunk: chunk.toString(), request }),
          );
        },
      );
      request.once("error", reject);
    });
    // The stream is still open here (the server never ends it on its own): nothing waited for its end.
    expect(request.destroyed).toBe(false);
    request.destroy();
    expect(headers["content-type"]).toContain("text/event-stream");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(firstChunk).toMatch(/^retry: 5000\n\nid: \d+\nevent: ready\ndata: \{\}\n\n$/);
  });
});
