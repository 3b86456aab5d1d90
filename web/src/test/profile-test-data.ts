import type { Profile } from "#contract/api/profile.ts";

/** A member's profile as `GET /api/profile` answers it, for unit and component tests. */
export function memberProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: "u1",
    email: "ada@example.com",
    pendingEmail: null,
    firstName: "Ada",
    lastName: "Lovelace",
    tagg: null,
    bio: "Analyst",
    profilePictureUrl: null,
    wallpaperUrl: "/uploads/0123456789abcdef0123456789abcdef.jpg",
    wallpaperPosition: "50,50",
    theme: "blue",
    subscriptionStatus: "inactive",
    subscriptionCancelAtPeriodEnd: false,
    subscriptionCurrentPeriodEnd: null,
    subscriptionLapsesAt: null,
    paymentCard: null,
    privacyMode: "show",
    isHidden: false,
    emailVerified: false,
    isAdmin: false,
    twoFactor: { totp: false, passkeys: 0 },
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
