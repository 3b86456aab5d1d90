import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_CONTENT_MESSAGES } from "#contract/api/admin-content.ts";
import { BUILT_IN_HELP_SECTIONS } from "#contract/help-sections.ts";
import { helpContent, terms, uiSections } from "#server/db/schema/index.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { asMember, registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
type AuditItem = { action: string; targetType: string; targetId: string; summary: Record<string, unknown> };

const auditLog = async (t: TestApp, admin: Admin): Promise<AuditItem[]> =>
  (await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })).json().items;

const call = (
  t: TestApp,
  admin: Admin,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: admin.headers, payload });

describe("Terms & Conditions (admin)", () => {
  it("creates, replaces and deletes the terms; /api/terms follows at once, and each write is audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const created = await call(t, admin, "POST", "/api/admin/terms", {
      title: "Our Terms",
      content: "<h2>Use</h2><p>Be kind.</p>",
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      title: "Our Terms",
      content: "<h2>Use</h2><p>Be kind.</p>",
      updatedAt: expect.any(String),
    });
    expect((await t.app.inject({ url: "/api/terms" })).json().title).toBe("Our Terms");

    const replaced = await call(t, admin, "POST", "/api/admin/terms", {
      title: "New Terms",
      content: "<p>v2</p>",
    });
    expect(replaced.json()).toMatchObject({ title: "New Terms", content: "<p>v2</p>" });
    expect((await t.app.inject({ url: "/api/terms" })).json()).toMatchObject({ title: "New Terms" });

    expect((await call(t, admin, "DELETE", "/api/admin/terms")).json()).toEqual({ success: true });
    expect((await t.app.inject({ url: "/api/terms" })).json()).toMatchObject({
      content: "",
      updatedAt: null,
    });
    const again = await call(t, admin, "DELETE", "/api/admin/terms");
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "not_found", error: ADMIN_CONTENT_MESSAGES.termsNotFound });

    const log = await auditLog(t, admin);
    expect(log.map((item) => item.action).sort()).toEqual(["terms.create", "terms.delete", "terms.update"]);
    const update = log.find((item) => item.action === "terms.update");
    expect(update?.summary).toEqual({
      before: { title: "Our Terms", content: "<h2>Use</h2><p>Be kind.</p>" },
      after: { title: "New Terms", content: "<p>v2</p>" },
    });
  });

  it("stores sanitized HTML: no script, event handlers or javascript: links reach the database", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await call(t, admin, "POST", "/api/admin/terms", {
      title: "Terms",
      content:
        '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror="alert(2)"></p>' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.com" target="_blank">good</a>' +
        '<style>body{display:none}</style><iframe src="https://evil.test"></iframe>',
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.db.select().from(terms);
    expect(stored?.content).toBe(
      '<p>Hello</p><a>bad</a> <a href="https://example.com" rel="noopener noreferrer nofollow">good</a>',
    );
    for (const unsafe of ["<script", "onerror", "onclick", "javascript:", "<style", "<iframe", "<img"]) {
      expect(stored?.content).not.toContain(unsafe);
    }
    expect(res.json().content).toBe(stored?.content);
  });

  it("refuses a missing title or content with 400 and field messages, and content that is only unsafe HTML", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const empty = await call(t, admin, "POST", "/api/admin/terms", { title: "  ", content: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: "validation",
      fields: { title: "Title is required", content: "Content is required" },
    });
    const onlyScript = await call(t, admin, "POST", "/api/admin/terms", {
      title: "T",
      content: "<script>alert(1)</script>",
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fields.content).toMatch(/unsafe HTML/);
    expect(await t.db.select().from(terms)).toEqual([]);
    expect(await auditLog(t, admin)).toEqual([]);
  });
});

describe("UI code management: PATCH /api/sections/:id", () => {
  const sectionId = async (t: TestApp, name: string) =>
    (await t.app.inject({ url: `/api/sections/${encodeURIComponent(name)}` })).json().id as string;

  it("edits a section (the public read follows) and audits only what changed", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const id = await sectionId(t, "social-links");
    const res = await call(t, admin, "PATCH", `/api/sections/${id}`, {
      sectionName: "social-links",
      code: 123456,
      title: "Social Links",
      description: "Where members add their profiles",
      tags: "profile, links",
      route: "/dashboard",
      type: "page",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      sectionName: "social-links",
      code: 123456,
      title: "Social Links",
      description: "Where members add their profiles",
      tags: "profile, links",
      route: "/dashboard",
      type: "page",
    });
    expect((await t.app.inject({ url: "/api/sections/social-links" })).json().code).toBe(123456);
    const log = await auditLog(t, admin);
    expect(log).toEqual([
      expect.objectContaining({
        action: "ui_section.update",
        targetType: "ui_section",
        targetId: id,
        summary: {
          before: {
            code: 100005,
            tags: null,
            description: "The help button of the Social Links card on the dashboard.",
          },
          after: { code: 123456, tags: "profile, links", description: "Where members add their profiles" },
        },
      }),
    ]);
  });

  it("requires the section name (400), keeps codes unique (409), answers 404 for a missing section", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const id = await sectionId(t, "my-posts");
    const noName = await call(t, admin, "PATCH", `/api/sections/${id}`, { sectionName: " ", title: "x" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toEqual({ sectionName: "Section name is required" });
    const badCode = await call(t, admin, "PATCH", `/api/sections/${id}`, {
      sectionName: "my-posts",
      code: 12,
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields.code).toBe("The code is a six-digit number");

    const taken = await call(t, admin, "PATCH", `/api/sections/${id}`, {
      sectionName: "my-posts",
      code: 100001,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "conflict",
      error: ADMIN_CONTENT_MESSAGES.codeTaken,
      fields: { code: ADMIN_CONTENT_MESSAGES.codeTaken },
    });
    const missing = await call(t, admin, "PATCH", `/api/sections/${MISSING_ID}`, { sectionName: "x" });
    expect(missing.statusCode).toBe(404);
    expect(await auditLog(t, admin)).toEqual([]);
  });

  it("keeps the names member pages look up, and renames another section together with its help text", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const builtIn = await sectionId(t, "privacy-settings");
    const renameBuiltIn = await call(t, admin, "PATCH", `/api/sections/${builtIn}`, {
      sectionName: "privacy",
    });
    expect(renameBuiltIn.statusCode).toBe(409);
    expect(renameBuiltIn.json().fields).toEqual({ sectionName: ADMIN_CONTENT_MESSAGES.nameFixed });

    const [extra] = await t.db
      .insert(uiSections)
      .values({ sectionName: "legacy-card", code: 100050, type: "editable" })
      .returning();
    await t.db.insert(helpContent).values({ sectionName: "legacy-card", title: "Old", content: "Old help" });
    const nameTaken = await call(t, admin, "PATCH", `/api/sections/${extra?.id}`, {
      sectionName: "my-posts",
    });
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json().error).toBe(ADMIN_CONTENT_MESSAGES.nameTaken);
    const renamed = await call(t, admin, "PATCH", `/api/sections/${extra?.id}`, {
      sectionName: "archive-card",
    });
    expect(renamed.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/help-content/archive-card" })).json().content).toBe("Old help");
  });

  it("is for administrators only: a member gets 403 and nothing changes", async () => {
    const t = await adminApp();
    const member = await registerMember(t);
    const id = await sectionId(t, "my-posts");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/sections/${id}`,
      headers: asMember(member.cookie),
      payload: { sectionName: "my-posts", code: 654321 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/sections/my-posts" })).json().code).toBe(100004);
  });
});

describe("Help content (admin)", () => {
  it("lists the seeded help texts, one for every built-in section", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const list = await t.app.inject({ url: "/api/admin/help-content", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((item: { sectionName: string }) => item.sectionName)
        .sort(),
    ).toEqual(BUILT_IN_HELP_SECTIONS.map((section) => section.sectionName).sort());
    for (const section of BUILT_IN_HELP_SECTIONS) {
      const help = await t.app.inject({
        url: `/api/help-content/${encodeURIComponent(section.sectionName)}`,
      });
      expect(help.statusCode, section.sectionName).toBe(200);
      expect(help.json().content.length).toBeGreaterThan(20);
    }
  });

  it("creates (all fields required, one per section), edits and deletes help, each write audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const missing = await call(t, admin, "POST", "/api/admin/help-content", { sectionName: "", title: " " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      sectionName: "Section name is required",
      title: "Title is required",
      content: "Content is required",
    });

    const created = await call(t, admin, "POST", "/api/admin/help-content", {
      sectionName: "new-card",
      title: "New card",
      content: "How the new card works.",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      sectionName: "new-card",
      title: "New card",
      content: "How the new card works.",
      updatedAt: expect.any(String),
    });
    const duplicate = await call(t, admin, "POST", "/api/admin/help-content", {
      sectionName: "new-card",
      title: "Again",
      content: "Again",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(ADMIN_CONTENT_MESSAGES.helpExists);

    const edited = await call(t, admin, "PUT", "/api/admin/help-content/my-posts", {
      title: "Your posts",
      content: "Everything you published.",
    });
    expect(edited.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/help-content/my-posts" })).json()).toEqual({
      sectionName: "my-posts",
      title: "Your posts",
      content: "Everything you published.",
    });
    const renameAttempt = await call(t, admin, "PUT", "/api/admin/help-content/my-posts", {
      sectionName: "other",
      title: "x",
      content: "y",
    });
    expect(renameAttempt.statusCode).toBe(400);
    const editMissing = await call(t, admin, "PUT", "/api/admin/help-content/nope", {
      title: "x",
      content: "y",
    });
    expect(editMissing.statusCode).toBe(404);

    const spaced = encodeURIComponent("Create post pop up");
    expect((await call(t, admin, "DELETE", `/api/admin/help-content/${spaced}`)).json()).toEqual({
      success: true,
    });
    expect((await t.app.inject({ url: `/api/help-content/${spaced}` })).statusCode).toBe(404);
    expect((await call(t, admin, "DELETE", `/api/admin/help-content/${spaced}`)).statusCode).toBe(404);

    const log = await auditLog(t, admin);
    expect(log.map((item) => `${item.action} ${item.targetId}`).sort()).toEqual([
      "help_content.create new-card",
      "help_content.delete Create post pop up",
      "help_content.update my-posts",
    ]);
    // Plain text: stored as written, never treated as HTML.
    await call(t, admin, "PUT", "/api/admin/help-content/my-posts", {
      title: "T",
      content: "a < b & <b>c</b>",
    });
    expect((await t.app.inject({ url: "/api/help-content/my-posts" })).json().content).toBe(
      "a < b & <b>c</b>",
    );
  });

  it("is seeded once: an administrator's edit or deletion survives the next start", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await call(t, admin, "PUT", "/api/admin/help-content/my-posts", { title: "Mine", content: "Edited" });
    await call(t, admin, "DELETE", "/api/admin/help-content/social-links");
    await call(t, admin, "POST", "/api/admin/what-we-do-content", { content: "Our own words" });
    await seedDefaults(t.db);
    expect((await t.app.inject({ url: "/api/help-content/my-posts" })).json().content).toBe("Edited");
    expect((await t.app.inject({ url: "/api/help-content/social-links" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/what-we-do-content" })).json().content).toBe("Our own words");
    const rows = await t.db.select().from(helpContent).where(eq(helpContent.sectionName, "my-posts"));
    expect(rows).toHaveLength(1);
  });
});

describe("What We Do (admin)", () => {
  it("reads and saves plain text; the public read follows; an empty text is refused; audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const current = await t.app.inject({ url: "/api/admin/what-we-do-content", headers: admin.headers });
    expect(current.json().content).toContain("Tagit");
    const empty = await call(t, admin, "POST", "/api/admin/what-we-do-content", { content: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ content: "Content is required" });
    const saved = await call(t, admin, "POST", "/api/admin/what-we-do-content", {
      content: "Tagit helps you <find> posts.\n\nSecond paragraph.",
    });
    expect(saved.json()).toEqual({ content: "Tagit helps you <find> posts.\n\nSecond paragraph." });
    expect((await t.app.inject({ url: "/api/what-we-do-content" })).json().content).toBe(
      "Tagit helps you <find> posts.\n\nSecond paragraph.",
    );
    const log = await auditLog(t, admin);
    expect(log).toEqual([expect.objectContaining({ action: "what_we_do.update", targetType: "what_we_do" })]);
  });
});
