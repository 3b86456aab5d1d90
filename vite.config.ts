import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { PAGE_FIRST_DATA } from "./contract/page-render.ts";
import { pagePreloads } from "./scripts/page-preloads-plugin.ts";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = "http://127.0.0.1:3000";
const proxy = Object.fromEntries(
  ["/api", "/uploads", "/healthz", "/readyz"].map((path) => [
    path,
    { target: apiTarget, changeOrigin: false },
  ]),
);

const COMMON_MODULES = new RegExp(
  [
    String.raw`[\\/]web[\\/]src[\\/]components[\\/](loading-placeholders|query-state|empty-state|load-error|user-avatar|after-first-paint|back-to-dashboard|page-title)\.tsx$`,
    String.raw`[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](skeleton|badge|avatar|search-input)\.tsx$`,
    String.raw`[\\/]web[\\/]src[\\/]lib[\\/](person|post-display|query-keys|query-view|relative-time|money|use-now|use-debounced-value|open-analytics)\.ts$`,
    String.raw`[\\/]contract[\\/](names|plans|themes|content-defaults)\.ts$`,
    // Radix's few-hundred-byte helpers that its widgets share, and the avatar every signed-in header shows.
    String.raw`[\\/]node_modules[\\/]@radix-ui[\\/](primitive|react-context|react-use-layout-effect|react-use-callback-ref|react-use-effect-event|react-use-controllable-state|react-avatar)[\\/]`,
  ].join("|"),
);

/**
 * `vite build --ssr src/entry-server.tsx`: the server's renderer of the public pages (decision 056) in
 * dist/web-render, its packages bundled in (production runs without the web app's packages installed). Lazy
 * routes stay their own chunks, so the server loads only what the public pages draw.
 */
const serverEntryBuild = defineConfig({
  root: "web",
  plugins: [react()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    outDir: "../dist/web-render",
    emptyOutDir: true,
    sourcemap: false,
  },
});

// The web app lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
const webAppBuild = defineConfig({
  root: "web",
  // Brotli and gzip copies of every text asset, served as they are by the server (decision 029).
  plugins: [
    react(),
    tailwindcss(),
    // A page's first answers start with its scripts (web/index.html does the same for /api/profile, which
    // every page asks for first), so the first render has them.
    pagePreloads(PAGE_FIRST_DATA),
    compression({ algorithms: ["brotliCompress", "gzip"] }),
  ],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // No source maps: they would publish the app's original source (the server refuses *.map too).
    sourcemap: false,
    // dist/web/.vite/manifest.json: which chunks each entry imports, for the size budget (tests/budget).
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across deploys. Other code goes
        // with the pages that use it (no catch-all vendor chunk; what pages share is split by which pages
        // share it), so a page loads only what it needs; the server preloads a page's files (decision 029).
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // Only the lazily loaded admin panel uses the table library: keep it out of every page's vendor chunk.
            {
              name: "admin-vendor",
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core|store|react-store)[\\/]/,
              priority: 2,
            },
            // Only the lazily loaded montage maker draws with Konva: members elsewhere never download it.
            {
              name: "montage-vendor",
              test: /node_modules[\\/](konva|react-konva|react-reconciler|its-fine)[\\/]/,
              priority: 2,
            },
            // Everything the first page needs, in one file rather than a dozen.
            { name: "app", tags: ["$initial"], priority: 1 },
            // Other icons are a few hundred bytes each: one small file for them all, not a request apiece.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            // The small pieces most pages draw with (loading and empty states, avatars, names, dates), a few
            // hundred bytes each: one file for them all. Split by sharing, each was its own request, and on a
            // phone every request on the way to the first paint costs a round trip (decision 036). Only
            // modules without heavy imports belong here: this chunk loads on nearly every page.
            {
              name: "common",
              test: COMMON_MODULES,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy,
    // contract/ sits outside the Vite root; allow the dev server to read it.
    fs: { allow: [repoRoot] },
  },
  preview: { port: 4173, proxy },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverEntryBuild : webAppBuild));
