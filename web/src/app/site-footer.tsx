import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { Logo } from "#web/components/logo.tsx";
import { FOOTER_GROUPS, visibleLinks } from "./navigation.ts";

export type SiteFooterProps = { profile: Profile | null };

/** Footer with the navigation grouped as Features, Account and Legal. */
export function SiteFooter({ profile }: SiteFooterProps) {
  const viewer = { signedIn: Boolean(profile), isAdmin: Boolean(profile?.isAdmin) };
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            Uniquely named image posts, found only by exact name or tagg, with visitor analytics that respect
            privacy.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-6 sm:grid-cols-3">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {visibleLinks(group.links, viewer).map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="rounded text-sm text-slate-600 hover:text-brand-700 hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Tagit. Prices in GBP.
      </div>
    </footer>
  );
}
