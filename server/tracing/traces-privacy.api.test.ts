import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { asMember, createPost, registerMember } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";
import { startTracing, type Tracing } from "./start-tracing.ts";

// Values a person is known by, each distinctive enough that finding it anywhere in a trace means it leaked.
const EMAIL = "Trace.Privacy.Person@example.com";
const FIRST_NAME = "Quintessa";
const LAST_NAME = "Vandersloot";
const TAGG = "zyxtracetagg";
const POST_NAME = "Marmalade Lighthouse Sketch";
const SEARCH_TERM = "Obsidian Wombat Query";
const CLIENT_ADDRESS = "198.51.100.173";
const USER_AGENT = "TraceLeakAgent/7.3 (Quokka)";
const RAW_PATH_WORD = "secretrawpathword";
const PASSWORD = "correct horse battery trace";

const settings = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9", DATA_DIR: "/tmp" }).tracing;
let exporter = new InMemorySpanExporter();
const silent = { warn() {}, info() {} };
let tracing: Tracing;

beforeAll(() => {
  if (!settings) throw new Error("tracing settings expected");
  tracing = startTracing(settings, silent, exporter);
});
afterAll(() => tracing.shutdown());

async function finishedSpans() {
  await tracing.provider.forceFlush();
  return exporter.getFinishedSpans();
}

/** Everything a span carries that leaves the process. */
const serialized = (spans: ReadableSpan[]) =>
  JSON.stringify(
    spans.map((span) => ({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      links: span.links,
      status: span.status,
      resource: span.resource.attributes,
      scope: span.instrumentationScope,
    })),
  );

describe("traces", () => {
  it("carry no member, e-mail, tagg, post name, search term, address or user agent", async () => {
    exporter.reset();
    const t = await createTestApp({ config: { tracing: settings }, logLevel: "info" });
    const headers = { "user-agent": USER_AGENT };
    const member = await registerMember(t, {
      email: EMAIL,
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      password: PASSWORD,
    });
    const claim = await t.app.inject({
      method: "POST",
      url: "/api/me/tagg",
      headers: { ...asMember(member.cookie), ...headers },
      payload: { tagg: TAGG },
      remoteAddress: CLIENT_ADDRESS,
    });
    expect(claim.statusCode).toBe(200);
    const post = await createPost(t, member, POST_NAME);
    const visitor = await registerMember(t);
    for (const term of [POST_NAME, TAGG, SEARCH_TERM]) {
      const search = await t.app.inject({
        url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
        headers: { cookie: visitor.cookie, ...headers },
        remoteAddress: CLIENT_ADDRESS,
      });
      expect(search.statusCode).toBe(200);
    }
    const missing = await t.app.inject({
      url: `/api/no-such-thing/${RAW_PATH_WORD}?q=${RAW_PATH_WORD}`,
      headers,
      remoteAddress: CLIENT_ADDRESS,
    });
    expect(missing.statusCode).toBe(404);
    const page = await t.app.inject({ url: `/${RAW_PATH_WORD}`, headers, remoteAddress: CLIENT_ADDRESS });
    expect(page.statusCode).toBeLessThan(500);
    await t.app.background.drain();

    const spans = await finishedSpans();
    const all = serialized(spans).toLowerCase();
    for (const value of [
      EMAIL,
      FIRST_NAME,
      LAST_NAME,
      TAGG,
      POST_NAME,
      SEARCH_TERM,
      "Obsidian",
      CLIENT_ADDRESS,
      USER_AGENT,
      "Quokka",
      RAW_PATH_WORD,
      PASSWORD,
      member.user.id,
      post.id,
      "search=",
    ]) {
      expect(all, value).not.toContain(value.toLowerCase());
    }

    // What the spans do say: route templates, statement kinds and tables, the outgoing calls.
    const names = new Set(spans.map((span) => span.name));
    expect(names).toContain("POST /api/auth/register");
    expect(names).toContain("POST /api/me/tagg");
    expect(names).toContain("GET /api/public/tagged-posts");
    expect(names).toContain("GET"); // the unknown address: its method only
    expect(names).toContain("INSERT profiles");
    expect(names).toContain("SELECT tagged_posts");
    expect(names).toContain("outbox write");
    expect(names).toContain("disk write");
    for (const span of spans.filter((s) => s.kind === SpanKind.SERVER)) {
      expect(span.name).toMatch(/^[A-Z]+( \/[\w/:*.-]*)?$/);
      expect(span.attributes["http.response.status_code"]).toBeTypeOf("number");
    }
    for (const span of spans.filter((s) => s.attributes["db.system.name"])) {
      expect(span.attributes["db.operation.name"]).toMatch(/^[A-Z]+$/);
      expect(span.name).toBe(span.attributes["db.query.summary"]);
    }
    expect(spans.find((s) => s.name === "INSERT profiles")?.attributes["db.collection.name"]).toBe(
      "profiles",
    );
  });

  it("make a request's queries its children, body or not, and honour the caller's traceparent", async () => {
    exporter.reset();
    const t = await createTestApp({ config: { tracing: settings }, logLevel: "info" });
    const member = await registerMember(t);
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const res = await t.app.inject({
      url: "/api/profile",
      headers: { cookie: member.cookie, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    const spans = await finishedSpans();

    const profile = spans.find((s) => s.name === "GET /api/profile");
    expect(profile?.spanContext().traceId).toBe(traceId);
    expect(profile?.parentSpanContext?.spanId).toBe("00f067aa0ba902b7");
    const register = spans.find((s) => s.name === "POST /api/auth/register");
    for (const server of [profile, register]) {
      const children = spans.filter(
        (s) => s.parentSpanContext?.spanId === server?.spanContext().spanId && s.attributes["db.system.name"],
      );
      expect(children.length, server?.name).toBeGreaterThan(0);
    }

    // The request's log lines carry its trace.
    const lines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.trace_id === traceId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
  });

  it("record nothing of a request whose trace is not sampled, whose log lines still name it", async () => {
    exporter.reset();
    const t = await createTestApp({ config: { tracing: settings }, logLevel: "info" });
    const member = await registerMember(t);
    await t.app.background.drain();
    await finishedSpans();
    exporter.reset();
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const res = await t.app.inject({
      url: "/api/profile",
      // The caller decided not to sample (flags 00): the default sampler follows its parent.
      headers: { cookie: member.cookie, traceparent: `00-${traceId}-b7ad6b7169203331-00` },
    });
    expect(res.statusCode).toBe(200);
    expect((await finishedSpans()).map((span) => span.name)).toEqual([]);
    const lines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.trace_id === traceId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
  });

  it("leave nothing, not even a trace id on its log lines, of a request the sampler drops with no caller's trace", async () => {
    if (!settings) throw new Error("tracing settings expected");
    await tracing.shutdown();
    exporter = new InMemorySpanExporter(); // a provider's shutdown stops its exporter for good
    tracing = startTracing({ ...settings, sampler: "parentbased_traceidratio", ratio: 0 }, silent, exporter);
    try {
      const t = await createTestApp({ config: { tracing: settings }, logLevel: "info" });
      const member = await registerMember(t);
      await t.app.background.drain();
      exporter.reset();
      const sent = t.logs.length;
      const res = await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } });
      expect(res.statusCode).toBe(200);
      expect(await finishedSpans()).toEqual([]);
      const lines = t.logs.slice(sent).map((line) => JSON.parse(line));
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["incoming request", "request completed"]),
      );
      expect(lines.filter((line) => "trace_id" in line || "span_id" in line)).toEqual([]);
    } finally {
      await tracing.shutdown();
      exporter = new InMemorySpanExporter();
      tracing = startTracing(settings, silent, exporter);
    }
  });

  it("give each job's run a trace of its own with its outcome", async () => {
    exporter.reset();
    await createTestApp({ config: { tracing: settings, jobsFirstRunDelayMs: 10 } });
    let jobs: ReadableSpan[] = [];
    for (let tries = 0; tries < 100 && jobs.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      jobs = (await finishedSpans()).filter((span) => span.name.startsWith("job "));
    }
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      expect(job.parentSpanContext).toBeUndefined();
      expect(["ran", "skipped"]).toContain(job.attributes["tagit.job.outcome"]);
    }
  });
});
