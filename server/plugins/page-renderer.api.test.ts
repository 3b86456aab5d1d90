// The public pages' first HTML, rendered by the server with their content (decision 056), against the real
// build (built here when its sources changed, as the e2e tests do).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_STATE_ELEMENT_ID } from "#contract/page-render.ts";
import { profiles, terms } from "#server/db/schema/index.ts";
import { asMember, registerMember, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";
import { workerDatabase } from "#server/test/worker-database.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const webRoot = path.join(root, "dist/web");

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-built.mjs")], { stdio: "inherit" });
  await workerDatabase();
}, 600_000);

/**
 * What is inside `<div id="root">`: the page as it shows before any script has run. Every part is in place: none
 * is held in a hidden element for an inline script to move, which the Content-Security-Policy would refuse.
 */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">`);
  expect(start, "the root element").toBeGreaterThan(-1);
  expect(end, "the page's answers after the root").toBeGreaterThan(start);
  const root = html.slice(start, end);
  expect(root).not.toContain("<script");
  expect(root).not.toContain("<template");
  return root;
}

function pageStateOf(html: string) {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  expect(match, "the page's answers").not.toBeNull();
  return JSON.parse(match?.[1] ?? "") as {
    queries: { queries: { queryKey: string[]; state: { data: unknown } }[] };
  };
}

const answerOf = (html: string, key: string) =>
  pageStateOf(html).queries.queries.find((query) => query.queryKey[0] === key)?.state.data;

describe("a public page's first HTML", () => {
  it("holds the current terms, and an administrator's edit at once", async () => {
    const t = await createTestApp({ webRoot });
    await t.db.insert(terms).values({ content: "<p>Be kind to other members.</p><script>alert(1)</script>" });
    const get = () => t.app.inject({ url: "/terms", remoteAddress: uniqueIp() });

    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toContain("text/html");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const shown = rootOf(first.body);
    expect(shown).toContain("Terms and Conditions");
    expect(shown).toContain("<p>Be kind to other members.</p>");
    expect(first.body).not.toContain("alert(1)");
    expect(first.body).toContain("<title>Terms and Conditions · Tagit</title>");
    // The page carries the answers it shows: the browser asks for neither while its scripts download.
    expect(first.body).not.toContain('href="/api/terms"');
    expect(first.body).not.toContain('href="/api/profile"');
    expect(answerOf(first.body, "/api/profile")).toBeNull();

    await t.db.update(terms).set({ content: "<p>Be patient with new members.</p>", updatedAt: new Date() });
    const edited = rootOf((await get()).body);
    expect(edited).toContain("Be patient with new members.");
    expect(edited).not.toContain("Be kind to other members.");
  });

  it("shows the landing copy and the sign-in form on /, and the search form on /search-tagged-posts", async () => {
    const t = await createTestApp({ webRoot });
    const get = (url: string) => t.app.inject({ url, remoteAddress: uniqueIp() });

    const landing = rootOf((await get("/")).body);
    expect(landing).toContain("Post it under a unique name. See who comes looking.");
    expect(landing).toMatch(/<form[^>]*>/);

    const search = rootOf((await get("/search-tagged-posts")).body);
    expect(search).toContain("Search Tagged Posts");
    expect(search).toContain("Post name or tagg");
    expect(search).toMatch(/<input[^>]*placeholder="e.g. Harbour walk \(Grace\) or @grace"/);

    // A link's search term is shown in the box, not searched (the page asks first).
    const linked = rootOf((await get("/search-tagged-posts?q=harbour%20walk")).body);
    expect(linked).toMatch(/<input[^>]*value="harbour walk"/);
    expect(linked).toContain("Not searched yet");
  });

  it("renders a signed-in member's page for that member: their header, their colours, no landing form", async () => {
    const t = await createTestApp({ webRoot });
    const member = await registerMember(t, { firstName: "Ada" });
    const update = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: { theme: "green" },
    });
    expect(update.statusCode).toBe(200);
    const get = (url: string) =>
      t.app.inject({ url, headers: { cookie: member.cookie }, remoteAddress: uniqueIp() });

    const landing = await get("/");
    expect(rootOf(landing.body)).toContain("Opening your dashboard...");
    expect(rootOf(landing.body)).not.toContain("<form");
    expect(landing.body).toContain('data-theme="green"');
    expect(answerOf(landing.body, "/api/profile")).toMatchObject({ firstName: "Ada" });

    const visitorTerms = rootOf((await t.app.inject({ url: "/terms", remoteAddress: uniqueIp() })).body);
    const memberTerms = rootOf((await get("/terms")).body);
    expect(visitorTerms).toContain("Login / Register");
    expect(memberTerms).not.toContain("Login / Register");
    expect(rootOf((await get("/search-tagged-posts")).body)).toContain("Post name or tagg");
  });

  it("renders a member's dashboard header and Premium page with the answers the API gives that member", async () => {
    const t = await createTestApp({ webRoot });
    const member = await registerMember(t, { firstName: "Ada", lastName: "Lovelace" });
    const get = (url: string, cookie?: string) =>
      t.app.inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: uniqueIp() });

    const dashboard = await get("/dashboard", member.cookie);
    // It shows the member's name: no cache keeps it, the browser's included.
    expect(dashboard.headers["cache-control"]).toBe("private, no-store");
    const header = rootOf(dashboard.body);
    expect(header).toContain("Ada Lovelace");
    expect(header).toContain("What We Do");
    expect(dashboard.body).toContain("<title>Dashboard · Tagit</title>");
    // A visitor's dashboard says where they are going, and never holds a member's header.
    const visitors = rootOf((await get("/dashboard")).body);
    expect(visitors).toContain("Redirecting to login...");
    expect(visitors).not.toContain("Ada Lovelace");

    const config = await get("/api/payments/config", member.cookie);
    const freeOption = await get("/api/settings/free-option", member.cookie);
    const premium = await get("/payments", member.cookie);
    expect(rootOf(premium.body)).toContain("Upgrade to Premium");
    expect(answerOf(premium.body, "/api/payments/config")).toEqual(config.json());
    expect(answerOf(premium.body, "/api/settings/free-option")).toEqual(freeOption.json());
    // The page carries them: the browser does not ask for them again while its scripts download.
    expect(premium.body).not.toContain('href="/api/payments/config"');
  });

  it("shows a past-due member the payment-problem banner in place above their dashboard, dated as billing is", async () => {
    // Four days before the lapse on the app's own clock: the banner shows for as long as Premium has not lapsed.
    const t = await createTestApp({ webRoot, clock: manualClock(new Date("2026-12-01T12:00:00Z")) });
    const member = await registerMember(t, { firstName: "Ada", lastName: "Lovelace" });
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "past_due", subscriptionLapsesAt: new Date("2026-12-05T23:30:00Z") })
      .where(eq(profiles.id, member.user.id));

    const dashboard = await t.app.inject({
      url: "/dashboard",
      headers: { cookie: member.cookie },
      remoteAddress: uniqueIp(),
    });
    const shown = rootOf(dashboard.body);
    expect(shown).toMatch(/<section aria-label="Payment problem"[^>]*>/);
    expect(shown).toContain("Update your card by 5 December 2026 to keep Premium.");
    // The banner comes first in the page, before the member's header.
    expect(shown.indexOf("Payment problem")).toBeLessThan(shown.indexOf("Ada Lovelace"));
  });

  it("starts its scripts only after the first paint, with the one inline script the CSP allows", async () => {
    const t = await createTestApp({ webRoot });
    const get = (url: string) => t.app.inject({ url, remoteAddress: uniqueIp() });
    const plain = (await get("/create-post")).body;
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(plain)?.[1];
    expect(entry, "the build's entry script").toBeDefined();

    const rendered = await get("/search-tagged-posts");
    // Nothing downloads beside the HTML and its styles: no entry script, no module preloads.
    expect(rendered.body).not.toContain('type="module"');
    expect(rendered.body).not.toContain('rel="modulepreload"');
    const inline = [...rendered.body.matchAll(/<script( [^>]*)?>([^<]*)<\/script>/g)].filter(
      ([, attributes]) => !attributes?.includes('type="application/json"'),
    );
    expect(inline).toHaveLength(1);
    const [, attributes = "", source = ""] = inline[0] ?? [];
    expect(attributes).toContain(`data-entry="${entry}"`);
    // The page's own chunks are still preloaded beside the entry, once the loader starts them.
    const preloads = /data-preload="([^"]*)"/.exec(attributes)?.[1]?.split(" ") ?? [];
    expect(preloads).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/.+\.js$/)]));
    const hash = `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
    const scriptSrc = /script-src ([^;]+)/.exec(String(rendered.headers["content-security-policy"]))?.[1];
    expect(scriptSrc?.split(" ")).toContain(hash);
  });

  it("is left to the browser on the app's other pages", async () => {
    const t = await createTestApp({ webRoot });
    for (const url of ["/create-post", "/admin", "/payments/receipts/in_123", "/verify-email?token=x"]) {
      const page = await t.app.inject({ url, remoteAddress: uniqueIp() });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain(PAGE_STATE_ELEMENT_ID);
    }
  });
});

describe("a path the app has no page for", () => {
  it("answers 404 with the not-found page already drawn, to a visitor and to a member", async () => {
    const t = await createTestApp({ webRoot });
    const member = await registerMember(t, { firstName: "Ada", lastName: "Lovelace" });
    for (const [url, cookie] of [
      ["/no-such-page", undefined],
      ["/dashbord", member.cookie],
      ["/dashboard/extra", undefined],
      ["/api", undefined],
    ] as const) {
      const page = await t.app.inject({
        url,
        headers: { accept: "text/html", ...(cookie && asMember(cookie)) },
        remoteAddress: uniqueIp(),
      });
      if (url === "/api") {
        // The API's own address stays the API's: JSON, not a page.
        expect(page.statusCode).toBe(404);
        expect(page.json().code).toBe("route_not_found");
        continue;
      }
      expect(page.statusCode, url).toBe(404);
      expect(page.headers["content-type"]).toContain("text/html");
      const root = rootOf(page.body);
      expect(root).toContain("404 Page Not Found");
      expect(root).toContain(url);
      expect(page.body).toContain("<title>Page Not Found");
      // The header is the visitor's: a member's has no sign-in link, and the page carries their profile.
      if (cookie) {
        expect(root).not.toContain("Login / Register");
        expect(answerOf(page.body, "/api/profile")).toMatchObject({ firstName: "Ada" });
      } else expect(root).toContain("Login / Register");
    }
  });

  it("shows a path holding markup as text", async () => {
    const t = await createTestApp({ webRoot });
    const page = await t.app.inject({
      url: "/%3Cimg%20src=x%20onerror=alert(1)%3E",
      remoteAddress: uniqueIp(),
    });
    expect(page.statusCode).toBe(404);
    expect(rootOf(page.body)).not.toContain("<img");
  });
});
