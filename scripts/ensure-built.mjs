// Builds the web app when dist/web is missing or older than its sources, so `npm start` and the e2e
// tests always serve the current code without rebuilding on every start.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The browser's build and the server's renderer of the public pages (decision 056), built together.
const builtFiles = ["dist/web/index.html", "dist/web-render/entry-server.js"].map((p) => path.join(root, p));
const sources = ["web", "contract", "vite.config.ts", "package-lock.json"].map((p) => path.join(root, p));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? "Web sources changed: rebuilding the web app…" : "Building the web app…");
  // Always the production build, even when called from a test runner that sets NODE_ENV=test (the size
  // budget test): with NODE_ENV=test, Vite bundles React's development build.
  for (const args of ["", " --ssr src/entry-server.tsx"]) {
    execSync(`npx vite build --logLevel warn${args}`, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
}
