import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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
  plugins: [react(), tailwindcss()],
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
            // Only the lazily loaded montage maker draws with Konva: members elsewhere never download it.
            {
              name: "montage-vendor",
              test: /node_modules[\\/](konva|react-konva|react-reconciler|its-fine)[\\/]/,
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
