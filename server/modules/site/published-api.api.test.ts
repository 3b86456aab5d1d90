import { describe, expect, it } from "vitest";
import { asMember, registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The published API: every call the product's screens make, as they make it — method and path, path
 * parameters in braces. These are served exactly as named (method, path, body fields and units), even where
 * a tidier REST shape exists, so a client written against them keeps working; a tidier alias may sit beside
 * one. Written out by hand, one row per operation; a call both the member and the admin screens make
 * (GET /api/profile, GET /api/sections, …) is one row.
 *
 * The count is 82: the screens make 83 calls, and `GET /api/user-info-by-email/{email}` is not served (no
 * member's profile is found by e-mail address; `GET /api/user-info/{viewerId}` replaces it).
 */
const PUBLISHED_OPERATIONS: readonly (readonly [Method, string])[] = [
  // The member-facing screens (41 rows without the e-mail lookup).
  ["GET", "/api/profile"],
  ["PUT", "/api/profile"],
  ["DELETE", "/api/profile"],
  ["POST", "/api/logout"],
  ["POST", "/api/auth/login"],
  ["POST", "/api/auth/register"],
  ["POST", "/api/auth/forgot-password"],
  ["POST", "/api/forgot-password"],
  ["POST", "/api/reset-password"],
  ["GET", "/api/tagg-analytics"],
  ["DELETE", "/api/tagg-analytics"],
  ["POST", "/api/track-internal-search"],
  ["POST", "/api/track-search"],
  ["GET", "/api/settings/free-option"],
  ["POST", "/api/create-subscription"],
  ["GET", "/api/privacy-settings"],
  ["POST", "/api/privacy-settings"],
  ["GET", "/api/me/social-links"],
  ["POST", "/api/me/social-links"],
  ["GET", "/api/highest-viewed-post"],
  ["GET", "/api/what-we-do-content"],
  ["GET", "/api/tagged-posts"],
  ["POST", "/api/tagged-posts"],
  ["PATCH", "/api/tagged-posts/{id}"],
  ["PATCH", "/api/tagged-posts/bulk-hide"],
  ["PATCH", "/api/tagged-posts/bulk-show"],
  ["DELETE", "/api/tagged-posts/bulk-delete"],
  ["DELETE", "/api/tagged-posts/{id}"],
  ["POST", "/api/tagg/toggle-visibility"],
  ["POST", "/api/upload-image"],
  ["GET", "/api/check-post-name"],
  ["GET", "/api/posts/{id}/viewers"],
  ["GET", "/api/user-search-history"],
  ["GET", "/api/public/tagged-posts"],
  ["GET", "/api/image-banner"],
  ["GET", "/api/greetings-popup"],
  ["GET", "/api/sections/{sectionName}"],
  ["GET", "/api/sections"],
  ["GET", "/api/help-content/{sectionName}"],
  ["GET", "/api/hide-searches-popup"],
  ["GET", "/api/saved-images-popup"],

  // The admin panel, the affiliate page and the terms page (41 rows not named above).
  ["GET", "/api/admin/settings"],
  ["GET", "/api/admin/taggs"],
  ["GET", "/api/admin/profiles"],
  ["GET", "/api/admin/costs"],
  ["GET", "/api/admin/costs/total"],
  ["GET", "/api/admin/reported-posts"],
  ["GET", "/api/admin/post-report-settings"],
  ["GET", "/api/admin/affiliate/settings"],
  ["GET", "/api/admin/ai-settings"],
  ["GET", "/api/admin/tagged-posts"],
  ["POST", "/api/admin/tagg/{id}/toggle"],
  ["PUT", "/api/admin/tagg/{id}"],
  ["DELETE", "/api/admin/tagg/{id}"],
  ["POST", "/api/admin/tagg"],
  ["POST", "/api/admin/profile"],
  ["PUT", "/api/admin/profile/{id}"],
  ["DELETE", "/api/admin/profile/{id}"],
  ["PATCH", "/api/sections/{id}"],
  ["POST", "/api/admin/costs"],
  ["POST", "/api/admin/settings"],
  ["PUT", "/api/admin/affiliate/settings"],
  ["POST", "/api/admin/cleanup/search"],
  ["POST", "/api/admin/cleanup/delete"],
  ["POST", "/api/admin/terms"],
  ["DELETE", "/api/admin/terms"],
  ["DELETE", "/api/admin/tagged-posts/{id}"],
  ["PUT", "/api/admin/ai-settings"],
  ["PUT", "/api/admin/image-banner"],
  ["PUT", "/api/admin/post-report-settings"],
  ["PUT", "/api/greetings-popup"],
  ["PUT", "/api/saved-images-popup"],
  ["PUT", "/api/hide-searches-popup"],
  ["GET", "/api/admin/help-content"],
  ["POST", "/api/admin/help-content"],
  ["PUT", "/api/admin/help-content/{sectionName}"],
  ["DELETE", "/api/admin/help-content/{sectionName}"],
  ["GET", "/api/admin/what-we-do-content"],
  ["POST", "/api/admin/what-we-do-content"],
  ["GET", "/api/terms"],
  ["GET", "/api/affiliate/dashboard"],
  ["POST", "/api/affiliate/request-payout"],
];

const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** A plausible value for each path parameter of the published API. */
const PARAMETER_VALUES: Record<string, string> = { id: SOME_ID, sectionName: "share-something" };

const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = PARAMETER_VALUES[name];
    if (!value) throw new Error(`no value for the path parameter {${name}}`);
    return value;
  });

/** A registered route's path in the braces notation: `/api/tagged-posts/:id` → `/api/tagged-posts/{}`. */
const template = (path: string) => path.replace(/:\w+/g, "{}").replace(/\{\w+\}/g, "{}");

/** Calls that end or delete the caller's own account; they run as a member of their own. */
const ENDS_THE_CALLER = new Set(["POST /api/logout", "DELETE /api/profile"]);

describe("the published API", () => {
  it("names 82 distinct operations", () => {
    const keys = PUBLISHED_OPERATIONS.map(([method, path]) => `${method} ${path}`);
    expect(keys).toHaveLength(82);
    expect(new Set(keys).size).toBe(82);
  });

  it("serves every one of them as named: a registered route, and never a 404 route_not_found", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
    const admin = await signInAsAdmin(t);
    const registered = new Set(
      t.app
        .declaredRoutes()
        .flatMap((route) => route.method.split(",").map((method) => `${method} ${template(route.url)}`)),
    );

    const unserved: string[] = [];
    for (const [method, path] of PUBLISHED_OPERATIONS) {
      const key = `${method} ${path}`;
      // Registered under exactly this path, not merely caught by a parameter (`/api/tagged-posts/{id}` would
      // otherwise answer for `/api/tagged-posts/bulk-hide`).
      if (!registered.has(`${method} ${template(path)}`)) {
        unserved.push(`${key}: no such route`);
        continue;
      }
      const headers = ENDS_THE_CALLER.has(key) ? asMember((await registerMember(t)).cookie) : admin.headers;
      const res = await t.app.inject({
        method,
        url: concrete(path),
        headers,
        ...(method !== "GET" && { payload: {} }),
      });
      const notFound = res.statusCode === 404 && res.body.includes('"route_not_found"');
      if (notFound) unserved.push(`${key}: 404 route_not_found`);
    }
    expect(unserved).toEqual([]);
  });

  it("serves one tagg and one profile at the singular paths only: the plural lists take no writes", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
    const admin = await signInAsAdmin(t);
    for (const [method, url] of [
      ["POST", "/api/admin/taggs"],
      ["PATCH", `/api/admin/taggs/${SOME_ID}`],
      ["DELETE", `/api/admin/taggs/${SOME_ID}`],
      ["POST", "/api/admin/profiles"],
      ["PATCH", `/api/admin/profiles/${SOME_ID}`],
      ["DELETE", `/api/admin/profiles/${SOME_ID}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: admin.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe("route_not_found");
    }
  });
});
