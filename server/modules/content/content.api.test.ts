import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpContent, imageBanner, terms } from "#server/db/schema/index.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("GET /api/terms", () => {
  it("answers the default title, no content and no date while no terms are published", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/terms" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: "Terms and Conditions", content: "", updatedAt: null });
  });

  it("answers the published terms to anyone", async () => {
    const t = await createTestApp();
    await t.db.insert(terms).values({ content: "<p>Be kind.</p>" });
    const res = await t.app.inject({ url: "/api/terms" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: "Terms and Conditions",
      content: "<p>Be kind.</p>",
      updatedAt: expect.any(String),
    });
  });
});

describe("GET /api/image-banner", () => {
  it("answers the seeded banner to anyone, and the administrator's changes", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/image-banner" })).json()).toEqual({
      text: "come see me",
      isEnabled: true,
    });
    await t.db
      .update(imageBanner)
      .set({ text: "find me on Tagit", isEnabled: false })
      .where(eq(imageBanner.id, 1));
    expect((await t.app.inject({ url: "/api/image-banner" })).json()).toEqual({
      text: "find me on Tagit",
      isEnabled: false,
    });
  });
});

describe("popups, What We Do, sections and help content", () => {
  it("answer the seeded popups and text to anyone", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/hide-searches-popup" })).json()).toEqual({
      isEnabled: true,
      content: "This is how to hide your searches",
    });
    for (const name of ["greetings", "saved-images"]) {
      const popup = (await t.app.inject({ url: `/api/${name}-popup` })).json();
      expect(popup).toEqual({ isEnabled: true, content: expect.stringMatching(/\S/) });
    }
    expect((await t.app.inject({ url: "/api/what-we-do-content" })).json().content).toContain("Tagit");
  });

  it("list the UI sections with the seeded codes 100001–100009 and answer one by name", async () => {
    const t = await createTestApp();
    const sections = (await t.app.inject({ url: "/api/sections" })).json();
    expect(sections.map((s: { code: number }) => s.code)).toEqual([
      100001, 100002, 100003, 100004, 100005, 100006, 100007, 100008, 100009,
    ]);
    const one = await t.app.inject({ url: "/api/sections/share-something" });
    expect(one.json()).toMatchObject({ sectionName: "share-something", code: 100001 });
    const unknown = await t.app.inject({ url: "/api/sections/nope" });
    expect(unknown.statusCode).toBe(404);
    // Fastify refuses path parameters over 100 characters before routing.
    const tooLong = await t.app.inject({ url: `/api/sections/${"x".repeat(101)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: "The address is too long", code: "uri_too_long" });
  });

  it("answer help content for a section, or 404 when there is none", async () => {
    const t = await createTestApp();
    const missing = await t.app.inject({ url: "/api/help-content/new-card" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: "No help content available for this section",
      code: "not_found",
    });
    await t.db
      .insert(helpContent)
      .values({ sectionName: "new-card", title: "Your posts", content: "Here they are." });
    expect((await t.app.inject({ url: "/api/help-content/new-card" })).json()).toEqual({
      sectionName: "new-card",
      title: "Your posts",
      content: "Here they are.",
    });
  });
});
