import { describe, expect, it } from "vitest";
import { createTestApp } from "#server/test/test-app.ts";

describe("GET /api/site", () => {
  it("answers PUBLIC_URL and its domain to anyone", async () => {
    const t = await createTestApp({ config: { publicUrl: "https://www.tagit.example" } });
    const res = await t.app.inject({ url: "/api/site" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicUrl: "https://www.tagit.example", domain: "tagit.example" });
  });
});
