import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = "http://127.0.0.1:3000";
const proxy = Object.fromEntries(
  ["/api", "/uploads", "/healthz", "/readyz"].map((path) => [
    path,
    { target: apiTarget, changeOrigin: false },
  ]),
);

// The web app lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
export default defineConfig({
  root: "web",
  // Brotli and gzip copies of every text asset, served as they are by the server (decision 029).
  plugins: [react(), tailwindcss(), compression({ algorithms: ["brotliCompress", "gzip"] })],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each entry imports, for the size budget (tests/budget).
    manifest: true,
    rolldownOptions: {
      output: {
        // A shared chunk's name lists every page that uses it: too long for a file name.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("shared~") ? "assets/shared-[hash].js" : "assets/[name]-[hash].js",
        // React changes less often than the app: its own chunk stays cached across deploys. Other libraries
        // go with the pages that use them (no catch-all vendor chunk), so a page loads only what it needs.
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
            // Everything the first page needs, in one file rather than a dozen.
            { name: "app", tags: ["$initial"], priority: 1 },
            // What several pages share, grouped by which pages share it, small groups merged: a page loads
            // a few files, not fifty (a phone on HTTP/1.1 fetches six at a time).
            { name: "shared", minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 30_000 },
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
