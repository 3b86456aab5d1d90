import { createHash } from "node:crypto";
import { APP_HYDRATED_EVENT } from "#contract/page-render.ts";

/**
 * The one inline script of a server-rendered page. The page's HTML is complete without scripts, so the browser
 * need not fetch the web app before it paints: on a phone, every byte downloading beside the page's HTML and
 * styles delays its first paint. This script starts the app's download once the browser reports the page's
 * first contentful paint as shown (at once in a hidden tab, which paints nothing, or in a browser that does
 * not report paints), preloading the page's own chunks beside the entry, as the `<script>` and
 * `<link rel="modulepreload">` tags the build wrote would have.
 *
 * Until React has taken the page over, a button does nothing, and a form would submit itself natively with its
 * fields in the address (a search would reload the page and only prefill the box). The script holds the last
 * button press, Enter in a form's text field (even while the server's HTML still disables the submit button) or
 * form submission meanwhile, and replays it once the app says it has hydrated: a visitor who taps "Sign In"
 * or presses Search early gets what they pressed.
 */
const LOADER = `(() => {
  const script = document.currentScript;
  let held;
  const hold = (event, target) => {
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  const onClick = (event) => {
    const button = event.target instanceof Element && event.target.closest("button");
    if (button) hold(event, button);
  };
  const noImplicitSubmit = ["checkbox", "radio", "button", "submit", "reset", "file", "image", "range", "color"];
  const onKeyDown = (event) => {
    const field = event.target;
    if (event.key !== "Enter" || !(field instanceof HTMLInputElement) || !field.form) return;
    if (!noImplicitSubmit.includes(field.type)) hold(event, field.form);
  };
  const onSubmit = (event) => {
    if (event.target instanceof HTMLFormElement) hold(event, event.submitter ?? event.target);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("${APP_HYDRATED_EVENT}", () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("submit", onSubmit, true);
    if (!held?.isConnected) return;
    if (held instanceof HTMLFormElement) held.requestSubmit();
    else held.click();
  }, { once: true });

  // Only the build's own modules: a copy of this tag with other addresses in its data attributes loads nothing.
  const ownModule = (href) => /^[/]assets[/][A-Za-z0-9_.-]+[.]js$/.test(href) && !href.includes("..");
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const href of script.dataset.preload.split(" ").filter(ownModule)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    if (ownModule(script.dataset.entry)) import(script.dataset.entry);
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    load();
    return;
  }
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) load();
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", load, { once: true });
})();`;

/** The loader's entry in the Content-Security-Policy's script-src: no other inline script may run. */
export const APP_AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(LOADER).digest("base64")}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * index.html (with a page's preloads) as a server-rendered page sends it: the entry script and module
 * preloads the build wrote become the loader at the end of the body. A template without an entry script is
 * returned as it is.
 */
export function loadAppAfterPaint(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (entry === undefined) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader = `<script data-entry="${attribute(entry)}" data-preload="${attribute(preloads.join(" "))}">${LOADER}</script>`;
  return template
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", () => `  ${loader}\n  </body>`);
}
