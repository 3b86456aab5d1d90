/**
 * Which links show where, and which paths hide the site chrome. Pure: unit-tested.
 */
export type Audience = "everyone" | "member" | "visitor" | "admin";

export type NavLink = { to: string; label: string; audience: Audience };

export type Viewer = { signedIn: boolean; isAdmin: boolean };

export const TOP_LINKS: readonly NavLink[] = [
  { to: "/dashboard", label: "Dashboard", audience: "everyone" },
  { to: "/search-tagged-posts", label: "Tagged Posts", audience: "everyone" },
  { to: "/create-post", label: "Create Post", audience: "member" },
  { to: "/manage", label: "Manage", audience: "member" },
  { to: "/wallpaper", label: "Create Wallpaper", audience: "everyone" },
  { to: "/affiliate", label: "Affiliate", audience: "everyone" },
  { to: "/terms", label: "Terms", audience: "everyone" },
  { to: "/payments", label: "Premium", audience: "everyone" },
  { to: "/admin", label: "Admin", audience: "admin" },
];

export const MOBILE_LINKS: readonly NavLink[] = [
  { to: "/", label: "Home", audience: "everyone" },
  { to: "/search-tagged-posts", label: "Tagged Posts", audience: "everyone" },
  { to: "/terms", label: "Terms", audience: "everyone" },
  { to: "/dashboard", label: "Dashboard", audience: "member" },
  { to: "/create-post", label: "Create Tagged Post", audience: "member" },
  { to: "/wallpaper", label: "Create Wallpaper", audience: "member" },
  { to: "/manage", label: "Manage Search History", audience: "member" },
  { to: "/affiliate", label: "Affiliate Program", audience: "member" },
  { to: "/auth", label: "Login / Register", audience: "visitor" },
];

export type FooterGroup = { title: string; links: readonly NavLink[] };

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: "Features",
    links: [
      { to: "/search-tagged-posts", label: "Tagged Posts", audience: "everyone" },
      { to: "/create-post", label: "Create Post", audience: "member" },
      { to: "/wallpaper", label: "Create Wallpaper", audience: "everyone" },
      { to: "/payments", label: "Premium", audience: "everyone" },
    ],
  },
  {
    title: "Account",
    links: [
      { to: "/dashboard", label: "Dashboard", audience: "everyone" },
      { to: "/manage", label: "Manage", audience: "member" },
      { to: "/moderation-decisions", label: "Moderation Decisions", audience: "member" },
      { to: "/affiliate", label: "Affiliate", audience: "everyone" },
      { to: "/admin", label: "Admin", audience: "admin" },
      { to: "/auth", label: "Login / Register", audience: "visitor" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms", audience: "everyone" },
      { to: "/transparency", label: "Transparency", audience: "everyone" },
    ],
  },
];

export function canSee(audience: Audience, viewer: Viewer): boolean {
  switch (audience) {
    case "everyone":
      return true;
    case "member":
      return viewer.signedIn;
    case "visitor":
      return !viewer.signedIn;
    case "admin":
      return viewer.signedIn && viewer.isAdmin;
  }
}

export function visibleLinks(links: readonly NavLink[], viewer: Viewer): NavLink[] {
  return links.filter((link) => canSee(link.audience, viewer));
}

/** "/auth/" → "/auth"; the root stays "/". */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

const CHROMELESS_PATHS = new Set(["/", "/auth", "/forgot-password"]);
const UNPADDED_PATHS = new Set(["/", "/auth", "/forgot-password", "/reset-password"]);

/** Header and footer are hidden on /, /auth, /forgot-password and any path beginning /reset-password. */
export function isChromeHidden(pathname: string): boolean {
  const path = normalizePath(pathname);
  return CHROMELESS_PATHS.has(path) || path.startsWith("/reset-password");
}

/** Content sits below the fixed header except on the full-screen auth pages. */
export function hasTopPadding(pathname: string): boolean {
  return !UNPADDED_PATHS.has(normalizePath(pathname));
}
