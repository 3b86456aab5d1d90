// Fails when a doc names, in backticks, a file that does not exist or a code symbol that appears nowhere in the
// code: docs that describe the code must change with it. The docs read are the READMEs (the root's and each
// folder's) and docs/*.md; decision records are history and may name what has since changed. A path counts as
// found when a file or folder of the repository ends with it (docs name `modules/auth/` or `totp.ts` in context);
// a path under an environment variable (`DATA_DIR/…`) names a place at run time, and a media type is no path. A
// symbol is a camelCase or PascalCase word (`createKeyedDigest`, `AdminTable`, `useAdminSetting()`); it must occur
// as a word in the code.
// Usage: node scripts/doc-references.mjs
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CODE_DIRS = ["server", "web", "contract", "scripts", "bench", "tests", "bin"];
const CODE_FILE = /\.(ts|tsx|mjs|js|json|sh|yaml|yml)$/;
const SKIPPED = new Set(["node_modules", "dist", "fixtures", ".vite"]);
const CODE_ROOT_FILES = [
  "Containerfile",
  "compose.yaml",
  "package.json",
  "vite.config.ts",
  "vitest.config.ts",
];

/** Backticked spans of a markdown text, outside fenced blocks. */
function backticked(text) {
  const spans = [];
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (const match of line.matchAll(/`([^`\n]+)`/g)) spans.push(match[1]);
  }
  return spans;
}

/** A span that names a file: a path with a folder or a known file extension, no spaces or wildcards. */
const PATH = /^[\w@.-]+(\/[\w@.[\]-]+)*\/?$/;
const MEDIA_TYPE = /^(text|application|image|http)\/[\w.+-]+$/;
const looksLikePath = (span) =>
  PATH.test(span) &&
  !MEDIA_TYPE.test(span) &&
  !/^[A-Z][A-Z0-9_]*\//.test(span) &&
  (/\/.+/.test(span) || /\.(ts|tsx|mjs|md|json|sh|yaml|sql)$/.test(span));

/** What the build writes (`dist/…`) and what Tagit writes when it runs (a data directory, a backup's members). */
const WRITTEN_LATER = (path) => path.startsWith("dist/") || ["./data", "manifest.json"].includes(path);

/** A span that names a code symbol: one camelCase or PascalCase word, perhaps called. */
const SYMBOL = /^([a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)(\(\))?$/;

function codeFiles(root) {
  const files = CODE_ROOT_FILES.map((name) => join(root, name)).filter(existsSync);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (CODE_FILE.test(entry.name)) files.push(path);
    }
  };
  for (const dir of CODE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files;
}

/** The docs that must stay true. */
export function docsOf(root) {
  const readmes = ["README.md", ...["server", "web", "contract", "bench"].map((dir) => `${dir}/README.md`)];
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return [...readmes, ...docs].map((doc) => join(root, doc)).filter(existsSync);
}

/** Every file and folder the repository tracks, as `/`-rooted paths, to match a doc's path as a suffix. */
function trackedPaths(root) {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const paths = new Set();
  for (const file of files) {
    const parts = file.split("/");
    for (let i = 1; i <= parts.length; i++)
      paths.add(`/${parts.slice(0, i).join("/")}${i < parts.length ? "/" : ""}`);
  }
  return [...paths];
}

/** Every backticked path or symbol of `docs` that names nothing: `{doc, name}`. */
export function missingReferences(root, docs) {
  const words = new Set();
  for (const file of codeFiles(root)) {
    for (const match of readFileSync(file, "utf8").matchAll(/[A-Za-z_$][\w$]*/g)) words.add(match[0]);
  }
  const tracked = trackedPaths(root);
  const exists = (path) => {
    const suffix = `/${path.replace(/^\.\//, "")}`;
    return tracked.some((known) => known.endsWith(suffix) || known.endsWith(`${suffix}/`));
  };
  const found = [];
  for (const doc of docs) {
    for (const span of new Set(backticked(readFileSync(doc, "utf8")))) {
      if (looksLikePath(span)) {
        const path = span.replace(/:\d+(-\d+)?$/, "");
        if (!WRITTEN_LATER(path) && !exists(path)) found.push({ doc, name: span });
      } else if (SYMBOL.test(span)) {
        const word = span.replace(/\(\)$/, "");
        if (!words.has(word)) found.push({ doc, name: span });
      }
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const found = missingReferences(root, docsOf(root));
  for (const { doc, name } of found)
    console.error(`${relative(root, doc)} names \`${name}\`, which does not exist`);
  if (found.length > 0) process.exit(1);
  console.log("Doc references: every file and symbol the docs name exists.");
}
