// Fails on an import cycle between two TypeScript files outside the web app: the server (its test helpers
// included), the contract, the tests, the benches and these scripts. A dynamic import() counts: it only defers
// the cycle. web/src has its own check, beside its feature graph, in scripts/feature-graph.mjs.
// Usage: node scripts/import-cycles.mjs
import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cycles, importGraph, typeScriptFiles } from "./import-graph.mjs";

/** The import cycles among the TypeScript files under `dirs`; `aliases` maps a prefix such as "#server/" to its folder. */
export function importCycles(dirs, aliases = {}) {
  const files = dirs.flatMap(typeScriptFiles);
  const resolveImport = (from, specifier) => {
    if (specifier.startsWith(".")) return resolve(dirname(from), specifier);
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    return alias ? join(aliases[alias], specifier.slice(alias.length)) : null;
  };
  const edges = importGraph(files, resolveImport);
  return cycles(files, (file) => edges.get(file));
}

/** The cycles this script fails on. tests/fixtures is left out: its files are wrong on purpose. */
export function repositoryImportCycles(root) {
  const testFolders = readdirSync(join(root, "tests"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "fixtures")
    .map((entry) => join("tests", entry.name));
  const dirs = ["server", "contract", "bench", "scripts", ...testFolders].map((dir) => join(root, dir));
  return importCycles(dirs, { "#server/": join(root, "server"), "#contract/": join(root, "contract") });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const found = repositoryImportCycles(root);
  for (const cycle of found) {
    console.error(`import cycle: ${cycle.map((file) => relative(root, file)).join(" ↔ ")}`);
  }
  if (found.length > 0) process.exit(1);
  console.log("Import cycles outside web/src: none.");
}
