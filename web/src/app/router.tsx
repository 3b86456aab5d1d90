import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { AuthPage } from "#web/features/auth/auth-page.tsx";
import { afterNextPaint } from "#web/lib/after-next-paint.ts";
import { loadSiteChrome } from "./load-site-chrome.ts";
import { isChromeHidden } from "./navigation.ts";
import { type AuthNotice, RequireAuth } from "./require-auth.tsx";
import { RootLayout } from "./root-layout.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

/**
 * Once the page has loaded, a link's click paints before the next page's code is fetched and run: run at once,
 * that code held the click's paint back. While the page loads (and on the server) there is no click to answer.
 */
const afterClickPaint = () =>
  typeof document === "undefined" || document.readyState !== "complete" ? undefined : afterNextPaint();

/** A page's chunk, and beside it the header and footer chunk when the page shows them. */
async function loadWithChrome<T>(path: string, load: () => Promise<T>): Promise<T> {
  await afterClickPaint();
  const [loaded] = await Promise.all([load(), isChromeHidden(`/${path}`) ? null : loadSiteChrome()]);
  return loaded;
}

/**
 * A page in its own chunk, fetched the first time its route matches (decision 029). The router waits for
 * it before rendering — the first paint shows the whole page at once, and a navigation keeps the current
 * page until the next one is ready — so no fallback appears and nothing shifts.
 */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await loadWithChrome(path, load) }),
});

type MemberPage = ComponentType<{ profile: Profile }>;

/** A members-only page in its own chunk, inside RequireAuth. */
const memberPage = (
  path: string,
  notice: AuthNotice,
  load: () => Promise<MemberPage>,
  loadingLabel?: string,
): RouteObject => ({
  path,
  lazy: async () => {
    const Page = await loadWithChrome(path, load);
    return {
      element: (
        <RequireAuth notice={notice} loadingLabel={loadingLabel}>
          {(profile) => <Page profile={profile} />}
        </RequireAuth>
      ),
    };
  },
});

const required = (description: string) => ({ title: "Authentication Required", description });

/**
 * Every page of the app; any other path shows the not-found page. Members-only pages sit inside
 * RequireAuth. The landing page (also /auth) is in the entry chunk: it is the first page most people open.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // The first paint of a page in its own chunk waits for that chunk: nothing is shown meanwhile.
    HydrateFallback: () => null,
    children: [
      { index: true, element: <AuthPage /> },
      { path: "auth", element: <AuthPage /> },
      page("forgot-password", () =>
        import("#web/features/auth/forgot-password-page.tsx").then((m) => m.ForgotPasswordPage),
      ),
      page("reset-password", () =>
        import("#web/features/auth/reset-password-page.tsx").then((m) => m.ResetPasswordPage),
      ),
      page("verify-email", () =>
        import("#web/features/auth/verify-email-page.tsx").then((m) => m.VerifyEmailPage),
      ),
      page("wasnt-me", () => import("#web/features/auth/wasnt-me-page.tsx").then((m) => m.WasntMePage)),
      page("search-tagged-posts", () =>
        import("#web/features/search/search-tagged-posts-page.tsx").then((m) => m.SearchTaggedPostsPage),
      ),
      page("payments", () => import("#web/features/payments/payments-page.tsx").then((m) => m.PaymentsPage)),
      page("terms", () => import("#web/features/content/terms-page.tsx").then((m) => m.TermsPage)),
      page("transparency", () =>
        import("#web/features/moderation/transparency-page.tsx").then((m) => m.TransparencyPage),
      ),
      page("tagg", () => import("#web/features/auth/tagg-page.tsx").then((m) => m.TaggPage)),
      memberPage(
        "dashboard",
        required("Please log in to access the dashboard"),
        () => import("#web/features/dashboard/dashboard-page.tsx").then((m) => m.DashboardPage),
        "Loading dashboard...",
      ),
      memberPage("payments/receipts/:id", required("Please log in to see your receipts."), () =>
        import("#web/features/payments/receipt-page.tsx").then((m) => m.ReceiptPage),
      ),
      memberPage("create-post", required("Please log in to create posts."), () =>
        import("#web/features/posts/create-post-page.tsx").then((m) => m.CreatePostPage),
      ),
      memberPage(
        "manage",
        { title: "Access Denied", description: "Please log in to view your search history." },
        () =>
          import("#web/features/dashboard/manage-search-history-page.tsx").then(
            (m) => m.ManageSearchHistoryPage,
          ),
      ),
      memberPage("delete-my-search", required("Please log in to manage your search data."), () =>
        import("#web/features/dashboard/delete-my-search-page.tsx").then((m) => m.DeleteMySearchPage),
      ),
      memberPage(
        "moderation-decisions",
        required("Please log in to see the moderation decisions about you."),
        () =>
          import("#web/features/moderation/moderation-decisions-page.tsx").then(
            (m) => m.ModerationDecisionsPage,
          ),
      ),
      memberPage("affiliate", required("Please log in to access the affiliate program."), () =>
        import("#web/features/affiliate/affiliate-page.tsx").then((m) => m.AffiliatePage),
      ),
      memberPage("wallpaper", required("Please log in to create a wallpaper."), () =>
        import("#web/features/montage/wallpaper-page.tsx").then((m) => m.WallpaperPage),
      ),
      memberPage("admin", required("Please log in to access the admin panel."), () =>
        import("#web/features/admin/admin-page.tsx").then((m) => m.AdminPage),
      ),
      page("*", () => import("./not-found-page.tsx").then((m) => m.NotFoundPage)),
    ],
  },
];

/**
 * The app's router. On a page the server rendered, it starts from that page as hydrated (no route has a loader,
 * so there is no data to hand over): the router then leaves the scroll where the visitor has it, instead of
 * sending them back to the top when the app takes over a page they have already scrolled.
 */
export function createAppRouter({ serverRendered }: { serverRendered: boolean }) {
  return createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined);
}
