import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { imageBanner, terms } from "#server/db/schema/index.ts";
import { createTestApp } from "#server/test/test-app.ts";
import { TERMS_NOT_PUBLISHED } from "./content.service.ts";

describe("GET /api/terms", () => {
  it("answers 404 while no terms are published", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/terms" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: TERMS_NOT_PUBLISHED });
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
