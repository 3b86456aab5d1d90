import { Link as LinkIcon, type LucideIcon } from "lucide-react";
import {
  FacebookIcon,
  GithubIcon,
  InstagramIcon,
  LinkedinIcon,
  TiktokIcon,
  TwitchIcon,
  XBrandIcon,
  YoutubeIcon,
} from "#web/components/brand-icons.ts";
import type { SocialPlatform } from "./social-links-form.ts";

/** How each platform is named and drawn, and an example address for its field. */
export const PLATFORM_INFO: Record<SocialPlatform, { label: string; icon: LucideIcon; example: string }> = {
  facebook: { label: "Facebook", icon: FacebookIcon, example: "https://facebook.com/yourname" },
  youtube: { label: "YouTube", icon: YoutubeIcon, example: "https://youtube.com/@yourname" },
  x: { label: "X (Twitter)", icon: XBrandIcon, example: "https://x.com/yourname" },
  instagram: { label: "Instagram", icon: InstagramIcon, example: "https://instagram.com/yourname" },
  linkedin: { label: "LinkedIn", icon: LinkedinIcon, example: "https://linkedin.com/in/yourname" },
  tiktok: { label: "TikTok", icon: TiktokIcon, example: "https://tiktok.com/@yourname" },
  github: { label: "GitHub", icon: GithubIcon, example: "https://github.com/yourname" },
  twitch: { label: "Twitch", icon: TwitchIcon, example: "https://twitch.tv/yourname" },
};

export const PLATFORM_LABELS = Object.fromEntries(
  Object.entries(PLATFORM_INFO).map(([platform, info]) => [platform, info.label]),
) as Record<SocialPlatform, string>;

/** Shortcuts and anything unknown get a plain link icon. */
export const SHORTCUT_ICON: LucideIcon = LinkIcon;

export function platformIcon(platform: SocialPlatform | null): LucideIcon {
  return platform ? PLATFORM_INFO[platform].icon : SHORTCUT_ICON;
}
