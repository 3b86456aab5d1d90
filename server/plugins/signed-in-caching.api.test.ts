import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { asMember, registerMember } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("caching of answers to a signed-in request", () => {
  it("stores no API answer that says nothing of its own, and keeps a route's own rule", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const profile = await t.app.inject({ url: "/api/profile", headers: asMember(member.cookie) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("no-store");
    // Refusals too: a 4xx to a member may name what they asked for.
    const missing = await t.app.inject({
      url: "/api/tagged-posts/not-a-uuid",
      headers: asMember(member.cookie),
    });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.headers["cache-control"]).toBe("no-store");
    // The analytics answer is revalidated by its ETag in the member's browser, as its route says.
    const analytics = await t.app.inject({ url: "/api/tagg-analytics", headers: asMember(member.cookie) });
    expect(analytics.headers["cache-control"]).toBe("private, no-cache");

    const anonymous = await t.app.inject({ url: "/api/public/tagged-posts?search=nothing-here" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers["cache-control"]).toBeUndefined();
  });

  it("stores no page a member is shown", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "tagit-web-build-"));
    onTestFinished(() => rm(webRoot, { recursive: true, force: true }));
    await writeFile(path.join(webRoot, "index.html"), "<html><head></head><body></body></html>");
    const t = await createTestApp({ webRoot });
    const member = await registerMember(t);
    const accept = { accept: "text/html" };
    const signedIn = await t.app.inject({
      url: "/dashboard",
      headers: { ...asMember(member.cookie), ...accept },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const visitor = await t.app.inject({ url: "/dashboard", headers: accept });
    expect(visitor.headers["cache-control"]).toBe("no-cache");
  });
});
