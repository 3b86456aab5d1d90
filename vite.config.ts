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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Only the lazily loaded admin panel uses the table library: keep it out of every page's vendor chunk.
            {
              name: "admin-vendor",
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core|store|react-store)[\\/]/,
            },
            { name: "vendor", test: /node_modules[\\/]/ },
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
