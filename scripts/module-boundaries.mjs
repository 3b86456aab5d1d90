// Fails when a server module imports another module's repository. Each module (server/modules/<name>/) is the
// only one that reads and writes its tables: the others ask its service. Tests may set data up through any
// repository, and the composition root (server/modules/services.ts and the admin-services.ts and
// billing-services.ts beside it, outside every module) builds them all.
// Usage: node scripts/module-boundaries.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const IMPORT = /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The module a path belongs to (its folder under `modulesDir`), or null outside every module. */
const moduleOf = (modulesDir, path) => {
  const parts = relative(modulesDir, path).split(sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : null;
};

/** Every import of another module's repository by a module's own (non-test) code: `{file, imported}`. */
export function crossModuleRepositoryImports(modulesDir, { serverAlias } = {}) {
  const found = [];
  const files = readdirSync(modulesDir, { recursive: true })
    .map((name) => join(modulesDir, name))
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path));
  for (const file of files) {
    const own = moduleOf(modulesDir, file);
    if (!own) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? "";
      const target = specifier.startsWith(".")
        ? resolve(dirname(file), specifier)
        : serverAlias && specifier.startsWith("#server/")
          ? join(serverAlias, specifier.slice("#server/".length))
          : null;
      if (!target || !/\.repository\.tsx?$/.test(target)) continue;
      const other = moduleOf(modulesDir, target);
      if (other && other !== own) found.push({ file, imported: target });
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const found = crossModuleRepositoryImports(join(root, "server/modules"), {
    serverAlias: join(root, "server"),
  });
  for (const { file, imported } of found) {
    console.error(
      `${relative(root, file)} imports ${relative(root, imported)}: ask that module's service instead`,
    );
  }
  if (found.length > 0) process.exit(1);
  console.log("Module boundaries: no module imports another module's repository.");
}
