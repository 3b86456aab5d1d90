import type { Profile } from "#contract/api/profile.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { getFullName } from "#web/lib/person.ts";
import { wallpaperStyle } from "./dashboard-display.ts";
import { SubscriptionBadge } from "./subscription-badge.tsx";

export type DashboardHeaderProps = { profile: Profile };

/** Wallpaper banner, avatar, name, plan badge and bio. */
export function DashboardHeader({ profile }: DashboardHeaderProps) {
  const banner = wallpaperStyle(profile.wallpaperUrl, profile.wallpaperPosition);
  return (
    <section
      aria-labelledby="dashboard-member-name"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div
        className="h-36 bg-linear-to-br from-brand-400 via-brand-600 to-brand-900 bg-cover sm:h-52"
        style={banner ?? undefined}
        aria-hidden="true"
      />
      <div className="-mt-14 flex flex-col items-center gap-2 px-5 pb-6 text-center sm:-mt-16">
        <UserAvatar
          firstName={profile.firstName}
          lastName={profile.lastName}
          pictureUrl={profile.profilePictureUrl}
          className="size-28 border-4 border-white shadow-md sm:size-32"
          fallbackClassName="text-3xl"
        />
        <h1
          id="dashboard-member-name"
          className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          {getFullName(profile)}
        </h1>
        {profile.tagg ? <p className="text-sm font-medium text-brand-700">@{profile.tagg}</p> : null}
        <SubscriptionBadge status={profile.subscriptionStatus} />
        {profile.bio ? (
          <p className="w-full max-w-xl truncate text-slate-600" title={profile.bio}>
            {profile.bio}
          </p>
        ) : null}
      </div>
    </section>
  );
}
