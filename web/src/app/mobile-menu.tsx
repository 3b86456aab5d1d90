import { Menu } from "lucide-react";
import { lazy, useState } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";
import { Button } from "#web/components/ui/button.tsx";

// The sheet's dialog code is not needed to paint the page: it arrives just after (decision 036).
const MobileMenuSheet = lazy(() => import("./mobile-menu-sheet.tsx"));

export type MobileMenuProps = {
  profile: Profile | null;
  /** The session is still being checked. */
  loading: boolean;
};

/** Hamburger button and side sheet for small screens, with the mobile menu's links (MOBILE_LINKS). */
export function MobileMenu({ profile, loading }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="lg:hidden"
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5!" aria-hidden="true" />
      </Button>
      <AfterFirstPaint fallback={null}>
        <MobileMenuSheet profile={profile} loading={loading} open={open} onOpenChange={setOpen} />
      </AfterFirstPaint>
    </>
  );
}
