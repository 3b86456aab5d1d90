import { describe, expect, it } from "vitest";
import {
  ADMIN_SETTINGS_MESSAGES,
  BANNER_TEXT_MAX_LENGTH,
  POPUP_HTML_MAX_LENGTH,
  POPUP_TEXT_MAX_LENGTH,
} from "#contract/api/admin-settings.ts";
import { savedImagesPopup } from "#server/db/schema/index.ts";
import { asMember, registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
type Method = "PUT" | "POST";

const send = (t: TestApp, headers: Record<string, string>, method: Method, url: string, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const read = async (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ url, headers })).json();
const auditLog = async (t: TestApp, admin: Admin) =>
  (await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })).json();

describe("the popup editors", () => {
  it("save each popup, answer it, and the public read shows it at once, with an audit row", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const name of ["greetings", "hide-searches"] as const) {
      const res = await send(t, admin.headers, "PUT", `/api/${name}-popup`, {
        isEnabled: false,
        content: `  New ${name} text  `,
      });
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toEqual({ isEnabled: false, content: `New ${name} text` });
      expect(await read(t, `/api/${name}-popup`)).toEqual({ isEnabled: false, content: `New ${name} text` });
    }
    const log = await auditLog(t, admin);
    expect(log.items.map((item: { targetId: string }) => item.targetId)).toEqual([
      "hide-searches-popup",
      "greetings-popup",
    ]);
    expect(log.items[0]).toMatchObject({
      actor: { id: admin.user.id },
      action: "popup.update",
      targetType: "settings",
      summary: {
        before: { isEnabled: true, content: "This is how to hide your searches" },
        after: { isEnabled: false, content: "New hide-searches text" },
      },
    });
  });

  it("sanitizes the saved-images HTML before storing it (the stored value is checked)", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const content =
      '<p onclick="steal()">Thanks!<script>alert(1)</script> <a href="javascript:alert(2)">x</a> ' +
      '<a href="https://tagit.example/help" target="_blank">help</a><img src=x onerror="alert(3)"></p>';
    const res = await send(t, admin.headers, "PUT", "/api/saved-images-popup", { isEnabled: true, content });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(savedImagesPopup);
    expect(row?.content).toBe(res.json().content);
    for (const bad of ["script", "onclick", "onerror", "javascript:", "<img", "alert"]) {
      expect(row?.content).not.toContain(bad);
    }
    expect(row?.content).toContain("Thanks!");
    expect(row?.content).toContain('href="https://tagit.example/help"');
    expect((await read(t, "/api/saved-images-popup")).content).toBe(row?.content);
  });

  it("refuses bad bodies with 400 and the contract's messages, and changes nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const before = await fingerprintAll(t.db);
    const cases: [string, unknown, Record<string, string>][] = [
      ["greetings", { isEnabled: "yes", content: "hi" }, { isEnabled: ADMIN_SETTINGS_MESSAGES.enabled }],
      [
        "greetings",
        { isEnabled: true, content: "   " },
        { content: ADMIN_SETTINGS_MESSAGES.contentRequired },
      ],
      [
        "hide-searches",
        { isEnabled: false, content: "x".repeat(POPUP_TEXT_MAX_LENGTH + 1) },
        { content: ADMIN_SETTINGS_MESSAGES.contentTooLong(POPUP_TEXT_MAX_LENGTH) },
      ],
      [
        "saved-images",
        { isEnabled: true, content: "x".repeat(POPUP_HTML_MAX_LENGTH + 1) },
        { content: ADMIN_SETTINGS_MESSAGES.contentTooLong(POPUP_HTML_MAX_LENGTH) },
      ],
    ];
    for (const [name, payload, fields] of cases) {
      const res = await send(t, admin.headers, "PUT", `/api/${name}-popup`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", fields });
    }
    expect(await fingerprintAll(t.db)).toEqual(before);
  });

  it("accepts empty content for a disabled popup", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await send(t, admin.headers, "PUT", "/api/greetings-popup", {
      isEnabled: false,
      content: "",
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("the image banner", () => {
  it("saves the text and switch; GET /api/image-banner answers the new text at once; audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect(await read(t, "/api/image-banner")).toEqual({ text: "come see me", isEnabled: true });
    const res = await send(t, admin.headers, "PUT", "/api/admin/image-banner", {
      isEnabled: true,
      text: " find me on Tagit ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isEnabled: true, text: "find me on Tagit" });
    expect(await read(t, "/api/image-banner")).toEqual({ text: "find me on Tagit", isEnabled: true });
    const [entry] = (await auditLog(t, admin)).items;
    expect(entry).toMatchObject({
      action: "image-banner.update",
      targetId: "image-banner",
      summary: { before: { text: "come see me" }, after: { text: "find me on Tagit" } },
    });
  });

  it("refuses an empty or over-long text and a non-boolean switch with 400", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const cases: [unknown, Record<string, string>][] = [
      [{ isEnabled: true, text: "  " }, { text: ADMIN_SETTINGS_MESSAGES.bannerTextRequired }],
      [{ isEnabled: true }, { text: ADMIN_SETTINGS_MESSAGES.bannerTextRequired }],
      [
        { isEnabled: true, text: "x".repeat(BANNER_TEXT_MAX_LENGTH + 1) },
        { text: ADMIN_SETTINGS_MESSAGES.bannerTextTooLong },
      ],
      [{ isEnabled: "no", text: "ok" }, { isEnabled: ADMIN_SETTINGS_MESSAGES.enabled }],
    ];
    for (const [payload, fields] of cases) {
      const res = await send(t, admin.headers, "PUT", "/api/admin/image-banner", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", fields });
    }
    expect((await auditLog(t, admin)).total).toBe(0);
  });
});

describe("the AI settings", () => {
  it("reads the defaults, saves both switches and audits the change", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect(await read(t, "/api/admin/ai-settings", admin.headers)).toEqual({
      isEnabled: true,
      allowFreeUsers: false,
    });
    const res = await send(t, admin.headers, "PUT", "/api/admin/ai-settings", {
      isEnabled: false,
      allowFreeUsers: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await read(t, "/api/admin/ai-settings", admin.headers)).toEqual({
      isEnabled: false,
      allowFreeUsers: true,
    });
    const [entry] = (await auditLog(t, admin)).items;
    expect(entry).toMatchObject({
      action: "ai-settings.update",
      summary: {
        before: { isEnabled: true, allowFreeUsers: false },
        after: { isEnabled: false, allowFreeUsers: true },
      },
    });
  });

  it("refuses missing or non-boolean switches with 400", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await send(t, admin.headers, "PUT", "/api/admin/ai-settings", { isEnabled: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      isEnabled: ADMIN_SETTINGS_MESSAGES.enabled,
      allowFreeUsers: ADMIN_SETTINGS_MESSAGES.allowFreeUsers,
    });
  });
});

describe("the free option (Settings)", () => {
  it("turns the free option on; /api/settings/free-option follows at once; audited", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect(await read(t, "/api/admin/settings", admin.headers)).toEqual({ freeOptionEnabled: false });
    const res = await send(t, admin.headers, "POST", "/api/admin/settings", { freeOptionEnabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ freeOptionEnabled: true });
    expect(await read(t, "/api/settings/free-option")).toEqual({ freeOptionEnabled: true });
    const [entry] = (await auditLog(t, admin)).items;
    expect(entry).toMatchObject({
      action: "settings.update",
      targetId: "free-option",
      summary: { before: { freeOptionEnabled: false }, after: { freeOptionEnabled: true } },
    });
  });

  it("refuses a non-boolean with 400", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await send(t, admin.headers, "POST", "/api/admin/settings", { freeOptionEnabled: "true" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ freeOptionEnabled: ADMIN_SETTINGS_MESSAGES.freeOption });
  });
});

describe("a member", () => {
  it("gets 403 on every write of these sections, and nothing changes", async () => {
    const t = await adminApp();
    const member = await registerMember(t);
    const before = await fingerprintAll(t.db);
    const writes: [Method, string, unknown][] = [
      ["PUT", "/api/greetings-popup", { isEnabled: false, content: "hacked" }],
      ["PUT", "/api/saved-images-popup", { isEnabled: true, content: "<b>hacked</b>" }],
      ["PUT", "/api/hide-searches-popup", { isEnabled: false, content: "hacked" }],
      ["PUT", "/api/admin/image-banner", { isEnabled: true, text: "hacked" }],
      ["PUT", "/api/admin/ai-settings", { isEnabled: false, allowFreeUsers: true }],
      ["POST", "/api/admin/settings", { freeOptionEnabled: true }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await send(t, asMember(member.cookie), method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe("admin_required");
    }
    expect(await fingerprintAll(t.db)).toEqual(before);
    expect(await read(t, "/api/greetings-popup")).toMatchObject({ isEnabled: true });
  });
});
