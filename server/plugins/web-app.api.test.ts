import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { uniqueIp } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("the 404 fallback", () => {
  it(`is rate-limited per client after ${RATE_LIMITS.notFound.max} unknown routes`, async () => {
    const t = await createTestApp();
    const remoteAddress = uniqueIp();
    const probe = (i: number) => t.app.inject({ url: `/api/probe-${i}`, remoteAddress });
    for (let i = 0; i < RATE_LIMITS.notFound.max; i++) expect((await probe(i)).statusCode).toBe(404);

    const limited = await probe(RATE_LIMITS.notFound.max);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.rateLimited, code: "rate_limited" });
    expect(limited.headers["retry-after"]).toBeDefined();

    const otherClient = await t.app.inject({ url: "/api/probe", remoteAddress: uniqueIp() });
    expect(otherClient.statusCode).toBe(404);
  });
});

describe("index.html for a page route", () => {
  it("preloads the page's chunks and first API answers from the build's map, and only for that page", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "tagit-web-build-"));
    onTestFinished(() => rm(webRoot, { recursive: true, force: true }));
    await mkdir(path.join(webRoot, ".vite"));
    await writeFile(
      path.join(webRoot, "index.html"),
      "<html><head><title>Tagit</title></head><body></body></html>",
    );
    await writeFile(
      path.join(webRoot, ".vite/page-preloads.json"),
      JSON.stringify({ "/terms": ["/assets/terms-page-1.js", "/assets/site-chrome-2.js", "/api/terms"] }),
    );
    const t = await createTestApp({ webRoot });
    const page = (url: string) => t.app.inject({ url, remoteAddress: uniqueIp() });

    const terms = await page("/terms?from=footer");
    expect(terms.statusCode).toBe(200);
    expect(terms.headers["content-type"]).toContain("text/html");
    expect(terms.headers["cache-control"]).toBe("no-cache");
    const links = [...terms.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual(["/assets/terms-page-1.js", "/assets/site-chrome-2.js"]);
    // Fetched with the page's credentials, as the request helper's fetch() asks for it, so the answer is reused.
    expect(terms.body).toContain(
      '<link rel="preload" href="/api/terms" as="fetch" crossorigin="use-credentials">',
    );
    expect(terms.body.indexOf("modulepreload")).toBeLessThan(terms.body.indexOf("</head>"));

    for (const url of ["/", "/auth", "/no-such-page"]) {
      const other = await page(url);
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain("modulepreload");
      expect(other.body).not.toContain("/api/terms");
    }
  });
});

describe("source maps", () => {
  it("are never served, even when a build left one beside its script", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "tagit-web-build-"));
    onTestFinished(() => rm(webRoot, { recursive: true, force: true }));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<html><head></head><body></body></html>");
    await writeFile(path.join(webRoot, "assets/app-1.js"), "console.log(1);\n");
    await writeFile(path.join(webRoot, "assets/app-1.js.map"), '{"version":3,"sources":["app.tsx"]}');
    await writeFile(path.join(webRoot, "assets/app-1.js.map.gz"), "");
    const t = await createTestApp({ webRoot });
    const get = (url: string) =>
      t.app.inject({ url, remoteAddress: uniqueIp(), headers: { "accept-encoding": "gzip" } });

    expect((await get("/assets/app-1.js")).statusCode).toBe(200);
    for (const url of ["/assets/app-1.js.map", "/assets/app-1.js.map?v=1", "/assets/gone-2.js.map"]) {
      const map = await get(url);
      expect(map.statusCode, url).toBe(404);
      expect(map.body).not.toContain("sources");
      expect(map.headers["content-type"]).toContain("application/json");
    }
  });
});
