// `npm run build` (after the web app): the server compiled to JavaScript in dist/server, so production runs
// `node dist/server/main.js` with production dependencies only (decision 034). One bundle of our own code
// (server/ and contract/, the `#server/*` and `#contract/*` imports resolved here); every package stays an
// import of node_modules. The migrations are copied beside it, where server/db/migrate.ts looks for them.

import { cp, readFile, rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Bundles the server into `outdir` (or only analyses it when `write` is false) and answers the packages the
 * compiled code imports; throws if one of them is not a production dependency (`npm ci --omit=dev` would
 * leave it out).
 */
export async function buildServer({ outdir = path.join(root, "dist/server"), write = true } = {}) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "server/main.ts", cli: "server/cli.ts" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node22.12",
    // main.ts loads the app while the database opens: a chunk of its own. Chunks sit beside main.js, so the
    // paths the code finds from `import.meta.url` (../web, ./migrations) are the same from every chunk.
    splitting: true,
    sourcemap: true,
    outdir,
    write,
    metafile: true,
    logLevel: "warning",
  });
  const builtins = new Set(builtinModules);
  const packages = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith("node:") || builtins.has(specifier)) continue;
      packages.add(packageOf(specifier));
    }
  }
  const { dependencies } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
  const missing = [...packages].filter((name) => !(name in dependencies));
  if (missing.length > 0) {
    throw new Error(
      `The compiled server imports packages that are not production dependencies: ${missing.join(", ")}`,
    );
  }
  return { packages: [...packages].sort() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outdir = path.join(root, "dist/server");
  await rm(outdir, { recursive: true, force: true });
  await buildServer({ outdir });
  await cp(path.join(root, "server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  console.log("Server built into dist/server.");
}
