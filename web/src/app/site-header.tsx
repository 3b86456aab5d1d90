import { lazy } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";
import { Logo } from "#web/components/logo.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { MobileMenu } from "./mobile-menu.tsx";
import { TOP_LINKS, visibleLinks } from "./navigation.ts";

// Members only, with menus and live notifications: visitors never download it (decision 029), and members
// get it just after the page has painted (decision 036).
const MemberControls = lazy(() =>
  import("./member-controls.tsx").then((module) => ({ default: module.MemberControls })),
);

export type SiteHeaderProps = { profile: Profile | null; loading: boolean };

/** Fixed top bar: logo, the top links (desktop), account menu or sign-in, mobile menu. */
export function SiteHeader({ profile, loading }: SiteHeaderProps) {
  const links = visibleLinks(TOP_LINKS, { signedIn: Boolean(profile), isAdmin: Boolean(profile?.isAdmin) });
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 print:hidden border-b border-slate-200/80 bg-white/90 backdrop-blur supports-backdrop-filter:bg-white/75">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Tagit home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="ml-2 hidden min-w-0 flex-1 lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.to}>
                <RouterNavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-2.5 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900",
                      isActive && "bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-800",
                    )
                  }
                >
                  {link.label}
                </RouterNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {loading ? (
            <Spinner className="size-5" label="Checking your session" />
          ) : profile ? (
            <AfterFirstPaint fallback={<Spinner className="size-5" label="Loading your account menu" />}>
              <MemberControls profile={profile} />
            </AfterFirstPaint>
          ) : (
            <Button asChild size="sm" className="hidden sm:inline-flex">
              <Link to="/auth">Login / Register</Link>
            </Button>
          )}
          <MobileMenu profile={profile} loading={loading} />
        </div>
      </div>
    </header>
  );
}
