import type { Profile } from "#contract/api/profile.ts";
import type { SocialLinks } from "#contract/api/social-links.ts";
import { subscriptionStatusAt } from "#contract/plans.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";

/** A member's social links as shown to anyone: empty platforms left out. */
export function toSocialLinks(links: ProfileRow["socialLinks"]): SocialLinks {
  const platforms = Object.fromEntries(
    Object.entries(links.platforms).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return { platforms, shortcuts: links.shortcuts };
}

/**
 * The member's own profile (never sent to anyone else). Their subscription is shown as it stands at `now`:
 * one whose Premium has run out by its own dates is over, whatever the provider last reported.
 */
export function toProfile(row: ProfileRow, { isAdmin, now }: { isAdmin: boolean; now: Date }): Profile {
  const subscriptionStatus = subscriptionStatusAt(row, now);
  return {
    id: row.id,
    email: row.email,
    pendingEmail: row.pendingEmail,
    firstName: row.firstName,
    lastName: row.lastName,
    tagg: row.tagg,
    bio: row.bio,
    profilePictureUrl: row.profilePictureUrl,
    wallpaperUrl: row.wallpaperUrl,
    wallpaperPosition: row.wallpaperPosition,
    theme: row.theme,
    subscriptionStatus,
    subscriptionCancelAtPeriodEnd: row.subscriptionCancelAtPeriodEnd,
    subscriptionCurrentPeriodEnd: row.subscriptionCurrentPeriodEnd?.toISOString() ?? null,
    subscriptionLapsesAt:
      subscriptionStatus === "past_due" ? (row.subscriptionLapsesAt?.toISOString() ?? null) : null,
    paymentCard: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    privacyMode: row.privacyMode,
    isHidden: row.isHidden,
    emailVerified: row.emailVerified,
    isAdmin,
    twoFactor: { totp: row.totpEnabled, passkeys: row.passkeyCount },
    createdAt: row.createdAt.toISOString(),
  };
}
