import { describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "#contract/api/social-links.ts";
import {
  canAddShortcut,
  shownLinks,
  socialLinksFormSchema,
  toSocialLinksBody,
  toSocialLinksForm,
} from "./social-links-form.ts";

const labels = {
  facebook: "Facebook",
  youtube: "YouTube",
  x: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  github: "GitHub",
  twitch: "Twitch",
};

describe("toSocialLinksForm / toSocialLinksBody", () => {
  it("gives every platform a field and round-trips", () => {
    const links = {
      platforms: { github: "https://github.com/ada" },
      shortcuts: [{ label: "Blog", url: "https://ada.dev", icon: "pen" }],
    };
    const form = toSocialLinksForm(links);
    expect(Object.keys(form.platforms)).toHaveLength(8);
    expect(form.platforms.facebook).toBe("");
    expect(toSocialLinksBody(form)).toEqual(links);
  });

  it("starts empty without saved links", () => {
    expect(toSocialLinksForm(undefined).shortcuts).toEqual([]);
  });

  it("trims and drops empty platforms", () => {
    const form = toSocialLinksForm(undefined);
    form.platforms.x = "  https://x.com/ada ";
    form.platforms.youtube = "   ";
    form.shortcuts.push({ label: " Shop ", url: " https://shop.example " });
    expect(toSocialLinksBody(form)).toEqual({
      platforms: { x: "https://x.com/ada" },
      shortcuts: [{ label: "Shop", url: "https://shop.example" }],
    });
  });
});

describe("socialLinksFormSchema", () => {
  it("accepts empty platforms and refuses non-http links and long labels", () => {
    const form = toSocialLinksForm(undefined);
    expect(socialLinksFormSchema.safeParse(form).success).toBe(true);
    form.platforms.github = "javascript:alert(1)";
    form.shortcuts.push({ label: "x".repeat(31), url: "https://ok.example" });
    const issues = socialLinksFormSchema.safeParse(form).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([SOCIAL_MESSAGES.url, SOCIAL_MESSAGES.label]);
  });
});

describe("canAddShortcut", () => {
  it("stops at 12", () => {
    expect(canAddShortcut(0)).toBe(true);
    expect(canAddShortcut(11)).toBe(true);
    expect(canAddShortcut(12)).toBe(false);
  });
});

describe("shownLinks", () => {
  it("lists platforms in order, then shortcuts, skipping anything that is not http(s)", () => {
    const shown = shownLinks(
      {
        platforms: { twitch: "https://twitch.tv/ada", facebook: "https://facebook.com/ada" },
        shortcuts: [
          { label: "Bad", url: "javascript:alert(1)" },
          { label: "Blog", url: "https://ada.dev/" },
        ],
      },
      labels,
    );
    expect(shown.map((link) => link.label)).toEqual(["Facebook", "Twitch", "Blog"]);
    expect(shown[2]).toMatchObject({ platform: null, url: "https://ada.dev/" });
  });
});
