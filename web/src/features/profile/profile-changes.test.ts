import { describe, expect, it } from "vitest";
import type { Profile } from "#contract/api/profile.ts";
import { editProfileDefaults, profileChanges } from "./profile-changes.ts";

const profile: Profile = {
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
};

describe("profileChanges", () => {
  it("sends nothing for an untouched form", () => {
    expect(profileChanges(profile, editProfileDefaults(profile))).toEqual({});
    expect(profileChanges(profile, { ...editProfileDefaults(profile), bio: " Analyst " })).toEqual({});
  });

  it("sends only the changed fields", () => {
    const values = {
      ...editProfileDefaults(profile),
      bio: "Poet ",
      theme: "rose" as const,
      wallpaperPosition: "20,80",
      profilePictureUrl: "/uploads/fedcba9876543210fedcba9876543210.png",
    };
    expect(profileChanges(profile, values)).toEqual({
      bio: "Poet",
      theme: "rose",
      wallpaperPosition: "20,80",
      profilePictureUrl: "/uploads/fedcba9876543210fedcba9876543210.png",
    });
  });

  it("sends null to remove an image, and a normalised position", () => {
    const values = { ...editProfileDefaults(profile), wallpaperUrl: null, wallpaperPosition: "12.4,150" };
    expect(profileChanges(profile, values)).toEqual({ wallpaperUrl: null, wallpaperPosition: "12,100" });
  });

  it("treats a missing bio as empty", () => {
    const noBio = { ...profile, bio: null };
    expect(editProfileDefaults(noBio).bio).toBe("");
    expect(profileChanges(noBio, editProfileDefaults(noBio))).toEqual({});
  });
});
