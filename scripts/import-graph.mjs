// The file → file import graph the lint scripts check: which files a TypeScript file imports (static, dynamic
// and side-effect imports), and the cycles in such a graph.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const IMPORT =
  /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** Every .ts and .tsx file under `dir`. */
export const typeScriptFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((name) => join(dir, name))
    .filter((path) => /\.tsx?$/.test(path) && !path.includes("node_modules"));

/**
 * Each file's imports among `files`: `resolveImport(from, specifier)` answers the path an import names, or null
 * for one outside the graph (a package); a path that is not one of `files` is left out too.
 */
export function importGraph(files, resolveImport) {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, new Set()]));
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      if (target && known.has(target)) edges.get(file).add(target);
    }
  }
  return edges;
}

/** Strongly connected components with more than one member (Tarjan), or a node importing itself: each one is a cycle. */
export function cycles(nodes, edgesOf) {
  let index = 0;
  const state = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edgesOf(node)) {
      if (!state.has(next)) visit(next);
      if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    }
    if (state.get(node).low !== state.get(node).index) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edgesOf(node).has(node)) found.push(component);
  };
  for (const node of nodes) if (!state.has(node)) visit(node);
  return found;
}
