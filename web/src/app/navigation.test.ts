import { describe, expect, it } from "vitest";
import {
  FOOTER_GROUPS,
  hasTopPadding,
  isChromeHidden,
  MOBILE_LINKS,
  normalizePath,
  TOP_LINKS,
  visibleLinks,
} from "./navigation.ts";

const visitor = { signedIn: false, isAdmin: false };
const member = { signedIn: true, isAdmin: false };
const admin = { signedIn: true, isAdmin: true };
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe("isChromeHidden", () => {
  it("hides header and footer on the full-screen auth pages", () => {
    for (const path of [
      "/",
      "/auth",
      "/auth/",
      "/forgot-password",
      "/reset-password",
      "/reset-password/abc",
    ]) {
      expect(isChromeHidden(path)).toBe(true);
    }
  });

  it("shows them everywhere else, including the not-found page", () => {
    for (const path of ["/dashboard", "/terms", "/payments", "/admin", "/no-such-page", "/authx"]) {
      expect(isChromeHidden(path)).toBe(false);
    }
  });
});

describe("hasTopPadding", () => {
  it("pads content below the header except on /, /auth, /forgot-password and /reset-password", () => {
    expect(hasTopPadding("/")).toBe(false);
    expect(hasTopPadding("/auth")).toBe(false);
    expect(hasTopPadding("/forgot-password")).toBe(false);
    expect(hasTopPadding("/reset-password")).toBe(false);
    expect(hasTopPadding("/dashboard")).toBe(true);
    expect(hasTopPadding("/terms/")).toBe(true);
  });
});

describe("top links", () => {
  it("hide Create Post and Manage from visitors and Admin from everyone but admins", () => {
    expect(labels(visibleLinks(TOP_LINKS, visitor))).toEqual([
      "Dashboard",
      "Tagged Posts",
      "Create Wallpaper",
      "Affiliate",
      "Terms",
      "Premium",
    ]);
    expect(labels(visibleLinks(TOP_LINKS, member))).toContain("Create Post");
    expect(labels(visibleLinks(TOP_LINKS, member))).toContain("Manage");
    expect(labels(visibleLinks(TOP_LINKS, member))).not.toContain("Admin");
    expect(labels(visibleLinks(TOP_LINKS, admin))).toContain("Admin");
  });
});

describe("mobile menu", () => {
  it("has exactly Home, Tagged Posts, Terms and Login / Register for visitors", () => {
    expect(labels(visibleLinks(MOBILE_LINKS, visitor))).toEqual([
      "Home",
      "Tagged Posts",
      "Terms",
      "Login / Register",
    ]);
  });

  it("has exactly the shared links plus the members' pages for members", () => {
    expect(labels(visibleLinks(MOBILE_LINKS, member))).toEqual([
      "Home",
      "Tagged Posts",
      "Terms",
      "Dashboard",
      "Create Tagged Post",
      "Create Wallpaper",
      "Manage Search History",
      "Affiliate Program",
    ]);
  });
});

describe("footer", () => {
  it("groups the links as Features, Account and Legal", () => {
    expect(FOOTER_GROUPS.map((group) => group.title)).toEqual(["Features", "Account", "Legal"]);
  });
});

describe("paths", () => {
  it("normalises trailing slashes", () => {
    expect(normalizePath("/terms///")).toBe("/terms");
    expect(normalizePath("/")).toBe("/");
  });
});
