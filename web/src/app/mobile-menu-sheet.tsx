import { LogOut } from "lucide-react";
import { NavLink as RouterNavLink } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { Logo } from "#web/components/logo.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "#web/components/ui/sheet.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useLogout } from "#web/features/auth/use-logout.ts";
import { cn } from "#web/lib/cn.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { MOBILE_LINKS, visibleLinks } from "./navigation.ts";

export type MobileMenuSheetProps = {
  profile: Profile | null;
  /** The session is still being checked. */
  loading: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The side sheet the mobile menu button opens, with the mobile menu's links (MOBILE_LINKS). */
export default function MobileMenuSheet({
  profile,
  loading,
  open,
  onOpenChange: setOpen,
}: MobileMenuSheetProps) {
  const restoreFocus = useRestoreFocus();
  const logout = useLogout();
  const links = visibleLinks(MOBILE_LINKS, {
    signedIn: Boolean(profile),
    isAdmin: Boolean(profile?.isAdmin),
  });

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent {...restoreFocus}>
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
