// Prints which web feature imports which (web/src/features/<area>) and fails on an import cycle, between
// features or between any two files of web/src. Biome's noRestrictedImports (biome.json) says which edges
// are allowed; this script shows the graph that results and also sees dynamic import(), which Biome does not.
// Usage: node scripts/feature-graph.mjs
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cycles, importGraph, typeScriptFiles } from "./import-graph.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const webSrc = join(root, "web/src");
const files = typeScriptFiles(webSrc);

/** The web/src file an import names, or null for a package, the contract or the server. */
function resolveImport(from, specifier) {
  if (specifier.startsWith("#web/")) return join(webSrc, specifier.slice("#web/".length));
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier);
  return null;
}

const featureOf = (path) => relative(webSrc, path).match(/^features\/([^/]+)\//)?.[1] ?? null;

const fileEdges = importGraph(files, resolveImport);
const featureEdges = new Map(); // "a→b" → Set of imported paths
for (const [file, targets] of fileEdges) {
  for (const target of targets) {
    const [from, to] = [featureOf(file), featureOf(target)];
    if (from && to && from !== to) {
      const key = `${from}→${to}`;
      if (!featureEdges.has(key)) featureEdges.set(key, new Set());
      featureEdges.get(key).add(relative(join(webSrc, "features", to), target));
    }
  }
}

const features = [...new Set([...featureEdges.keys()].flatMap((key) => key.split("→")))].sort();
const featureTargets = (feature) =>
  new Set(
    [...featureEdges.keys()].filter((key) => key.startsWith(`${feature}→`)).map((key) => key.split("→")[1]),
  );

console.log("feature → feature imports (web/src/features):");
for (const feature of features) {
  const targets = [...featureTargets(feature)].sort();
  if (targets.length === 0) continue;
  const shown = targets.map((to) => {
    const paths = [...featureEdges.get(`${feature}→${to}`)];
    return paths.length === 1 && paths[0] === "index.ts" ? `${to} (index.ts)` : to;
  });
  console.log(`  ${feature} → ${shown.join(", ")}`);
}

const featureCycles = cycles(features, featureTargets);
const fileCycles = cycles(files, (file) => fileEdges.get(file));
console.log(`feature cycles: ${featureCycles.length === 0 ? "none" : ""}`);
for (const cycle of featureCycles) console.log(`  ${cycle.sort().join(" ↔ ")}`);
console.log(`file cycles in web/src (${files.length} files): ${fileCycles.length === 0 ? "none" : ""}`);
for (const cycle of fileCycles) console.log(`  ${cycle.map((file) => relative(webSrc, file)).join(" ↔ ")}`);
if (featureCycles.length > 0 || fileCycles.length > 0) process.exit(1);
