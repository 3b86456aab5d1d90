import { lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { DEFAULT_THEME } from "#contract/limits.ts";
import { cn } from "#web/lib/cn.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import { loadSiteChrome } from "./load-site-chrome.ts";
import { hasTopPadding, isChromeHidden } from "./navigation.ts";

// Only members whose renewal failed download the banner.
const PastDueBanner = lazy(() =>
  import("#web/features/payments/past-due-banner.tsx").then((module) => ({ default: module.PastDueBanner })),
);

// Usually already loaded beside the page (router.tsx). The header is fixed and the footer comes last, so
// neither moves the page when it appears.
const SiteHeader = lazy(() => loadSiteChrome().then((module) => ({ default: module.SiteHeader })));
const SiteFooter = lazy(() => loadSiteChrome().then((module) => ({ default: module.SiteFooter })));

/** Colours the whole app with the member's theme (see styles/themes.css). */
function useThemeAttribute(theme: string | undefined) {
  useEffect(() => {
    document.documentElement.dataset.theme = theme ?? DEFAULT_THEME;
  }, [theme]);
}

/** Skip link, header, main landmark, footer; chrome hidden on the full-screen auth pages. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { profile, isLoading } = useProfile();
  const showChrome = !isChromeHidden(pathname);
  useThemeAttribute(profile?.theme);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {showChrome ? (
        <Suspense fallback={null}>
          <SiteHeader profile={profile} loading={isLoading} />
        </Suspense>
      ) : null}
      <main
        id="main"
        tabIndex={-1}
        // With the chrome, the footer starts below the first screen: a page whose content arrives after the
        // first paint pushes nothing visible down (no layout shift).
        className={cn(
          "flex flex-1 flex-col outline-none",
          hasTopPadding(pathname) && "pt-16",
          showChrome && "min-h-dvh",
        )}
      >
        {showChrome && profile?.subscriptionStatus === "past_due" ? (
          <Suspense fallback={null}>
            <PastDueBanner profile={profile} />
          </Suspense>
        ) : null}
        <Outlet />
      </main>
      {showChrome ? (
        <Suspense fallback={null}>
          <SiteFooter profile={profile} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
