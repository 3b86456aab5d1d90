import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { loadAppAfterPaint } from "./app-after-paint.ts";

const TEMPLATE = `<html><head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/page-def.js">
  </head><body><div id="root"></div></body></html>`;

/** The inline loader a page sends. */
const loaderSource = () => {
  const source = /<script data-entry[^>]*>([^<]*)<\/script>/.exec(loadAppAfterPaint(TEMPLATE))?.[1];
  if (!source) throw new Error("no loader in the page");
  return source;
};

/**
 * Runs the loader in a page where it was given `dataset` (a browser that reports no paints, so it loads at
 * once), and answers the modules it imported and preloaded.
 */
function runLoader(dataset: { entry: string; preload: string }) {
  const imported: string[] = [];
  const preloaded: string[] = [];
  const document = {
    currentScript: { dataset },
    visibilityState: "visible",
    addEventListener() {},
    removeEventListener() {},
    createElement: () => ({}),
    head: { append: (link: { href: string }) => preloaded.push(link.href) },
  };
  // vm cannot run a dynamic import without a flag: the one import() becomes a call that records its address.
  const source = loaderSource();
  expect(source.match(/\bimport\(/g)).toHaveLength(1);
  const context = vm.createContext({
    document,
    PerformanceObserver: { supportedEntryTypes: [] },
    importModule: (specifier: string) => imported.push(specifier),
  });
  const script = new vm.Script(source.replace(/\bimport\(/, "importModule("));
  script.runInContext(context);
  return { imported, preloaded };
}

describe("the loader of a server-rendered page", () => {
  it("imports the build's entry and preloads the page's chunks", async () => {
    const page = loadAppAfterPaint(TEMPLATE);
    expect(page).toContain('data-entry="/assets/index-abc.js"');
    expect(page).toContain('data-preload="/assets/page-def.js"');
    expect(runLoader({ entry: "/assets/index-abc.js", preload: "/assets/page-def.js" })).toEqual({
      imported: ["/assets/index-abc.js"],
      preloaded: ["/assets/page-def.js"],
    });
  });

  it("loads nothing but the build's own modules when its tag carries other addresses", async () => {
    for (const foreign of [
      "https://attacker.example/x.js",
      "//attacker.example/x.js",
      "/api/posts/1/image",
      "/assets/../api/x.js",
      "data:text/javascript,alert(1)",
      "/assets/x.js?next=//attacker.example",
    ]) {
      expect(runLoader({ entry: foreign, preload: `${foreign} /assets/page-def.js` })).toEqual({
        imported: [],
        preloaded: ["/assets/page-def.js"],
      });
    }
  });
});
