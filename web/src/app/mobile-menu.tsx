import { LogOut, Menu } from "lucide-react";
import { useState } from "react";
import { NavLink as RouterNavLink } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { Logo } from "#web/components/logo.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "#web/components/ui/sheet.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useLogout } from "#web/features/auth/use-logout.ts";
import { cn } from "#web/lib/cn.ts";
import { MOBILE_LINKS, visibleLinks } from "./navigation.ts";

export type MobileMenuProps = {
  profile: Profile | null;
  /** The session is still being checked. */
  loading: boolean;
};

/** Hamburger button and side sheet for small screens, with exactly the spec's items. */
export function MobileMenu({ profile, loading }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const links = visibleLinks(MOBILE_LINKS, {
    signedIn: Boolean(profile),
    isAdmin: Boolean(profile?.isAdmin),
  });

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="lg:hidden">
          <Menu className="size-5!" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <div className="border-b border-slate-100 px-5 py-4">
          <SheetTitle>
            <Logo className="text-lg" />
            <span className="sr-only"> menu</span>
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          {loading ? (
            <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading...
            </p>
          ) : (
            <ul className="grid gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <RouterNavLink
                    to={link.to}
                    end
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100",
                        isActive && "bg-brand-50 text-brand-800",
                      )
                    }
                  >
                    {link.label}
                  </RouterNavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {profile ? (
          <div className="border-t border-slate-100 p-4">
            <Button
              variant="outline"
              className="w-full"
              disabled={logout.isPending}
              onClick={() => {
                setOpen(false);
                logout.mutate();
              }}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
