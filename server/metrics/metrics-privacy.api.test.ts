import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { asMember, createPost, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { samplesOf, sampleValue, scrapeMetrics } from "#server/test/scrape-metrics.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";
import { UNMATCHED_ROUTE } from "./app-metrics.ts";

// Distinctive values, each of which would be found if any reached a label or a value.
const EMAIL = "quillon.metricsprobe@example.org";
const FIRST_NAME = "Quillonius";
const LAST_NAME = "Marrowgate";
const TAGG = "zq_probe_tagg";
const POST_NAME = "Zephyrine Lantern Probe";
const SEARCH_TERM = "cobaltquasar probe term";
const ADDRESS = "203.0.113.77";
const USER_AGENT = "ZqProbeAgent/9.9 (metrics privacy)";
const RAW_PATH_MARK = "zq-raw-url-marker";

const fromProbe = { "user-agent": USER_AGENT };

/** A member's journey through the API with the values above, from the known address and browser. */
async function driveTraffic(t: TestApp) {
  const send = (options: InjectOptions) =>
    t.app.inject({ remoteAddress: ADDRESS, ...options, headers: { ...fromProbe, ...options.headers } });
  const member = await registerMember(t, { email: EMAIL, firstName: FIRST_NAME, lastName: LAST_NAME });
  const claimed = await send({
    method: "POST",
    url: "/api/me/tagg",
    headers: asMember(member.cookie),
    payload: { tagg: TAGG },
  });
  expect(claimed.statusCode).toBe(200);
  const post = await createPost(t, member, POST_NAME);
  const visitor = await registerMember(t);
  const answers = await Promise.all([
    send({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: member.cookie } }),
    send({ url: `/api/public/tagged-posts?search=${encodeURIComponent(POST_NAME)}` }),
    send({ url: `/api/public/tagged-posts?search=${encodeURIComponent(SEARCH_TERM)}` }),
    send({ url: `/api/public/tagged-posts?search=${TAGG}`, headers: { cookie: visitor.cookie } }),
    send({
      method: "POST",
      url: "/api/track-search",
      headers: asMember(visitor.cookie),
      payload: { searchTerm: POST_NAME, action: "view", postId: post.id },
    }),
    send({ url: `/api/${RAW_PATH_MARK}/${encodeURIComponent(POST_NAME)}` }),
    send({ url: `/${RAW_PATH_MARK}?q=${encodeURIComponent(SEARCH_TERM)}` }),
  ]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 202, 404, 404]);
  // Wrong passwords from the known address until the login's rate limit refuses one.
  for (let attempt = 0; attempt < 11; attempt += 1) {
    await send({
      method: "POST",
      url: "/api/auth/login",
      headers: SAME_ORIGIN,
      payload: { email: EMAIL, password: "not the password" },
    });
  }
  return { member, post };
}

describe("metrics never carry a person", () => {
  it("holds no e-mail, name, tagg, post name, search term, address, user agent or id after a member's journey", async () => {
    const t = await createTestApp({ config: { metricsPort: 9464 } });
    const { member, post } = await driveTraffic(t);
    const { text, contentType } = await scrapeMetrics(t.app);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);

    // The journey was counted: these would be missing if the metrics saw none of it.
    const samples = samplesOf(text);
    const count = (route: string, method = "GET", status_class = "2xx") =>
      sampleValue(samples, "tagit_http_request_duration_seconds_count", { method, route, status_class });
    expect(count("/api/auth/register", "POST")).toBe(2);
    expect(count("/api/me/tagg", "POST")).toBe(1);
    expect(count("/api/posts/:id/viewers")).toBe(1);
    expect(count("/api/public/tagged-posts")).toBe(3);
    expect(count(UNMATCHED_ROUTE, "GET", "4xx")).toBe(2);
    expect(sampleValue(samples, "tagit_rate_limit_refusals_total", { route: "/api/auth/login" })).toBe(1);
    expect(sampleValue(samples, "tagit_anonymous_activity_held")).toBeGreaterThanOrEqual(1);

    const haystack = text.toLowerCase();
    const secrets = [
      EMAIL,
      "metricsprobe",
      FIRST_NAME,
      LAST_NAME,
      TAGG,
      POST_NAME,
      "zephyrine",
      SEARCH_TERM,
      "cobaltquasar",
      ADDRESS,
      "ZqProbeAgent",
      RAW_PATH_MARK,
      member.user.id,
      post.id,
      member.cookie.split("=")[1] ?? "no cookie",
    ];
    for (const secret of secrets) {
      for (const form of new Set([secret, encodeURIComponent(secret), secret.replaceAll(" ", "+")])) {
        expect(haystack, `the metrics hold ${form}`).not.toContain(form.toLowerCase());
      }
    }
  });

  it("labels every request with a route template the app registered, or the one unmatched label", async () => {
    const t = await createTestApp({ config: { metricsPort: 9464 } });
    await driveTraffic(t);
    const samples = samplesOf((await scrapeMetrics(t.app)).text);
    const labelled = samples.filter((sample) => sample.labels.route !== undefined);
    const routes = new Set(labelled.map((sample) => `${sample.labels.method ?? "-"} ${sample.labels.route}`));
    expect(routes.size).toBeGreaterThan(5);
    for (const sample of labelled) {
      const { method, route } = sample.labels;
      if (route === UNMATCHED_ROUTE) continue;
      // Counters labelled by route alone (refusals) name a template registered for some method.
      const methods = method ? [method] : ["GET", "POST", "PUT", "PATCH", "DELETE"];
      const registered = methods.some((m) => t.app.hasRoute({ method: m as "GET", url: route ?? "" }));
      expect(registered, `${method ?? "any method"} ${route} is not a registered route`).toBe(true);
    }
  });
});
