import { ArrowLeft, ExternalLink, TriangleAlert, UserX } from "lucide-react";
import { LoadingLine } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { BlockMemberButton } from "#web/features/safety/index.ts";
import { errorCodeOf } from "#web/lib/api-request.ts";
import { getFullName } from "#web/lib/person.ts";
import { safeExternalUrl } from "#web/lib/safe-url.ts";
import { useViewerProfile } from "./use-post-viewers.ts";

const PLATFORM_LABELS: Record<string, string> = {
  facebook: "Facebook",
  youtube: "YouTube",
  x: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  github: "GitHub",
  twitch: "Twitch",
};

export type ViewerProfilePanelProps = { viewerId: string; onBack: () => void };

/** A visible viewer's public profile inside the who-viewed dialog: avatar, name, tagg, bio, social links. */
export function ViewerProfilePanel({ viewerId, onBack }: ViewerProfilePanelProps) {
  const query = useViewerProfile(viewerId);

  return (
    <div className="grid gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" />
          All viewers
        </Button>
      </div>
      <QueryState
        query={query}
        loading={<LoadingLine className="justify-center py-8 text-sm">Loading profile...</LoadingLine>}
        error={(error) =>
          errorCodeOf(error) === "not_found" ? (
            <Alert variant="warning" role="alert">
              <UserX aria-hidden="true" />
              <p>Profile not found. This member may have deleted their account.</p>
            </Alert>
          ) : (
            <Alert variant="destructive" role="alert">
              <TriangleAlert aria-hidden="true" />
              <p>Failed to load viewer profiles</p>
            </Alert>
          )
        }
      >
        {(profile) => <ProfileDetails viewerId={viewerId} profile={profile} onBlocked={onBack} />}
      </QueryState>
    </div>
  );
}

type ProfileDetailsProps = {
  viewerId: string;
  profile: NonNullable<ReturnType<typeof useViewerProfile>["data"]>;
  /** A blocked viewer leaves the list, so the panel goes back to it. */
  onBlocked: () => void;
};

function ProfileDetails({ viewerId, profile, onBlocked }: ProfileDetailsProps) {
  const platforms = Object.entries(profile.profile.socialLinks.platforms)
    .map(([platform, url]) => ({ platform, href: safeExternalUrl(url) }))
    .filter((link): link is { platform: string; href: string } => link.href !== null);
  const shortcuts = profile.profile.socialLinks.shortcuts
    .map((shortcut) => ({ label: shortcut.label, href: safeExternalUrl(shortcut.url) }))
    .filter((link): link is { label: string; href: string } => link.href !== null);
  const name = getFullName(profile);

  return (
    <section aria-label={`Profile of ${name}`} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar
          firstName={profile.firstName}
          lastName={profile.lastName}
          pictureUrl={profile.profile.profilePictureUrl}
          className="size-16"
          fallbackClassName="text-xl"
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-lg font-semibold text-slate-900">{name}</h3>
          {profile.tagg ? <p className="text-sm font-medium text-brand-700">@{profile.tagg}</p> : null}
        </div>
        <BlockMemberButton member={{ id: viewerId, name }} onBlocked={onBlocked} />
      </div>
      <p className="text-sm whitespace-pre-wrap break-words text-slate-700">
        {profile.profile.bio?.trim() || "No bio yet."}
      </p>
      {platforms.length + shortcuts.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Social links">
          {[
            ...platforms.map((link) => ({
              key: link.platform,
              label: PLATFORM_LABELS[link.platform] ?? link.platform,
              href: link.href,
            })),
            ...shortcuts.map((link, index) => ({
              key: `shortcut-${index}`,
              label: link.label,
              href: link.href,
            })),
          ].map((link) => (
            <li key={link.key}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                {link.label}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No social links.</p>
      )}
    </section>
  );
}
