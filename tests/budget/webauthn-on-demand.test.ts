// The WebAuthn helper (@simplewebauthn/browser) is loaded only when a passkey is used: no page — the landing
// page, a lazy route, a dialog — may import it statically, so it is never part of a page's first load.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;
beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-built.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  manifest = JSON.parse(await readFile(path.join(root, "dist/web/.vite/manifest.json"), "utf8"));
}, 180_000);

describe("@simplewebauthn/browser", () => {
  it("is in a chunk of its own that every importer loads on demand", () => {
    const webAuthn = Object.keys(manifest).filter((key) => key.includes("@simplewebauthn/browser"));
    expect(webAuthn).not.toEqual([]);
    const staticImporters = Object.entries(manifest)
      .filter(([, chunk]) => chunk.imports?.some((key) => webAuthn.includes(key)))
      .map(([key]) => key);
    expect(staticImporters).toEqual([]);
    const dynamicImporters = Object.values(manifest).filter((chunk) =>
      chunk.dynamicImports?.some((key) => webAuthn.includes(key)),
    );
    expect(dynamicImporters).not.toEqual([]);
  });
});
