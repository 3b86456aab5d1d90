// The landing page's size budget: the JavaScript the landing page loads before it can render — the entry
// script of index.html and every chunk it imports statically (Vite preloads them all) — at most 170 KB
// gzipped. Chunks loaded on demand (other pages, dialogs, the admin panel) are not counted. A size, not a time.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";

const BUDGET_BYTES = 170 * 1024;
const root = fileURLToPath(new URL("../..", import.meta.url));
const webRoot = path.join(root, "dist/web");

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The entry chunk's file and every file it imports statically, transitively. */
function staticClosure(manifest: Manifest, entry: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...files];
}

let manifest: Manifest;
let html: string;
beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-built.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  manifest = JSON.parse(await readFile(path.join(webRoot, ".vite/manifest.json"), "utf8"));
  html = await readFile(path.join(webRoot, "index.html"), "utf8");
}, 180_000);

describe("the landing page's JavaScript", () => {
  it("counts every script index.html loads or preloads", () => {
    const closure = staticClosure(manifest, "index.html");
    const referenced = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/([^"]+\.js)"/g)].map(
      (match) => match[1],
    );
    expect(referenced.length).toBeGreaterThan(0);
    for (const file of referenced) expect(closure).toContain(file);
  });

  it(`is at most ${BUDGET_BYTES / 1024} KB gzipped`, async () => {
    const files = staticClosure(manifest, "index.html");
    const sizes = await Promise.all(
      files.map(async (file) => gzipSync(await readFile(path.join(webRoot, file)), { level: 9 }).length),
    );
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.info(
      `Landing page initial JS: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files (budget ${BUDGET_BYTES / 1024} KB)`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
