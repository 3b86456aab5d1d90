// A Vite plugin writing dist/web/.vite/page-preloads.json: for each page route, the chunks its page needs
// beyond the entry's (its own chunk, what it imports, and the header and footer chunk where the page shows
// them). The server puts them in index.html as <link rel="modulepreload"> (server/plugins/web-app.ts), so a
// page's code downloads beside the entry instead of after it has run (decision 029). `firstData` adds the API
// answers a page asks for as soon as it renders (/api/... entries, preloaded as fetches), so they load beside it.
// A page is web/src/**/<path>-page.tsx, loaded lazily by the router for the route /<path>.
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { isChromeHidden } from "../web/src/app/navigation.ts";

export const PAGE_PRELOADS_FILE = ".vite/page-preloads.json";
const PAGE_MODULE = /[\\/]([a-z0-9-]+)-page\.tsx$/;
const SITE_CHROME_MODULE = /[\\/]app[\\/]site-chrome\.tsx$/;

function staticClosure(bundle: OutputBundle, start: OutputChunk, into: Set<string>) {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = bundle[file];
    if (chunk?.type === "chunk") staticClosure(bundle, chunk, into);
  }
}

export function pagePreloads(firstData: Readonly<Record<string, readonly string[]>> = {}): Plugin {
  return {
    name: "tagit-page-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
      const entry = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) staticClosure(bundle, chunk, entry);
      const closureOf = (chunk: OutputChunk | undefined) => {
        const files = new Set<string>();
        if (chunk) staticClosure(bundle, chunk, files);
        return [...files].filter((file) => !entry.has(file));
      };
      const chrome = closureOf(
        chunks.find((c) => c.facadeModuleId && SITE_CHROME_MODULE.test(c.facadeModuleId)),
      );
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const name = chunk.isDynamicEntry && chunk.facadeModuleId?.match(PAGE_MODULE)?.[1];
        if (!name) continue;
        const path = `/${name}`;
        const files = new Set([...closureOf(chunk), ...(isChromeHidden(path) ? [] : chrome)]);
        preloads[path] = [...[...files].map((file) => `/${file}`), ...(firstData[path] ?? [])];
      }
      this.emitFile({
        type: "asset",
        fileName: PAGE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}
