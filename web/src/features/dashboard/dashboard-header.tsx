import { Eraser, Info, Pencil, ShieldCheck, ShieldUser } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { TaggClaimCard } from "#web/features/profile/tagg-claim-card.tsx";
import { wallpaperStyle } from "#web/features/profile/wallpaper-style.ts";
import { useDashboardDialogAsked } from "#web/lib/dashboard-dialogs.ts";
import { getFullName } from "#web/lib/person.ts";
import { needsTagg } from "./dashboard-display.ts";
import type { HeaderDialog } from "./header-dialogs.tsx";
import { SubscriptionBadge } from "./subscription-badge.tsx";

// The dialogs' code (forms, uploads, passkeys, the sanitized "What We Do" text) is fetched when the member
// reaches for a header button (hover, focus or press), not with the dashboard: most visits open none of them.
const loadHeaderDialogs = () => import("./header-dialogs.tsx");
const HeaderDialogs = lazy(loadHeaderDialogs);
const prefetchHeaderDialogs = () => void loadHeaderDialogs();

export type DashboardHeaderProps = { profile: Profile };

/**
 * Wallpaper banner, avatar, name, plan badge and bio; the header buttons (Edit, Security, What We Do,
 * Delete Search, Admin for administrators) and their dialogs; the tagg claim card while there is no tagg.
 */
export function DashboardHeader({ profile }: DashboardHeaderProps) {
  const banner = wallpaperStyle(profile.wallpaperUrl, profile.wallpaperPosition);
  const [dialog, setDialog] = useState<HeaderDialog | null>(null);
  // Mounted from the first open on, so closing still animates.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const open = (next: HeaderDialog) => {
    setDialogsUsed(true);
    setDialog(next);
  };
  const opener = (next: HeaderDialog) => ({
    "aria-haspopup": "dialog" as const,
    onPointerEnter: prefetchHeaderDialogs,
    onFocus: prefetchHeaderDialogs,
    onClick: () => open(next),
  });
  // Another page's link to Security settings (the admin panel's unlock without a second factor).
  useDashboardDialogAsked("security-settings", () => open("security"));

  return (
    <>
      <section
        aria-labelledby="dashboard-member-name"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div
          data-testid="dashboard-wallpaper"
          className="h-36 bg-linear-to-br from-brand-400 via-brand-600 to-brand-900 bg-cover sm:h-52"
          style={banner ?? undefined}
          aria-hidden="true"
        />
        <div className="-mt-14 flex flex-col items-center gap-2 px-5 pb-6 text-center sm:-mt-16">
          <UserAvatar
            firstName={profile.firstName}
            lastName={profile.lastName}
            pictureUrl={profile.profilePictureUrl}
            className="size-28 border-4 border-white bg-white shadow-md sm:size-32"
            fallbackClassName="text-3xl"
          />
          <h1
            id="dashboard-member-name"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {getFullName(profile)}
          </h1>
          {profile.tagg ? <p className="text-sm font-medium text-brand-700">@{profile.tagg}</p> : null}
          <SubscriptionBadge profile={profile} />
          {profile.bio ? (
            <p className="w-full max-w-xl truncate text-slate-600" title={profile.bio}>
              {profile.bio}
            </p>
          ) : null}
          <nav aria-label="Profile actions" className="mt-3 flex flex-wrap justify-center gap-2">
            <Button variant="outline" size="sm" {...opener("edit")}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" size="sm" {...opener("security")}>
              <ShieldCheck aria-hidden="true" />
              Security
            </Button>
            <Button variant="outline" size="sm" {...opener("what-we-do")}>
              <Info aria-hidden="true" />
              What We Do
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/delete-my-search">
                <Eraser aria-hidden="true" />
                Delete Search
              </Link>
            </Button>
            {profile.isAdmin ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/admin">
                  <ShieldUser aria-hidden="true" />
                  Admin
                </Link>
              </Button>
            ) : null}
          </nav>
        </div>
      </section>
      {needsTagg(profile.tagg) ? <TaggClaimCard /> : null}

      {dialogsUsed ? (
        <Suspense fallback={null}>
          <HeaderDialogs profile={profile} open={dialog} onOpenChange={setDialog} />
        </Suspense>
      ) : null}
    </>
  );
}
