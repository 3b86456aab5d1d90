import { describe, expect, it } from "vitest";
import { memberProfile } from "#web/test/profile-test-data.ts";
import { editProfileDefaults, profileChanges } from "./profile-changes.ts";

const profile = memberProfile();

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
