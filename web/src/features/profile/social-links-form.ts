import { z } from "zod";
import {
  SOCIAL_PLATFORMS,
  type SocialLinks,
  type SocialLinksInput,
  shortcutSchema,
  webUrlSchema,
} from "#contract/api/social-links.ts";
import { MAX_SHORTCUTS } from "#contract/limits.ts";
import { safeExternalUrl } from "#web/lib/safe-url.ts";

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The manage dialog's values: every platform as a (possibly empty) string, and the shortcut rows. */
export type SocialLinksFormValues = {
  platforms: Record<SocialPlatform, string>;
  shortcuts: { label: string; url: string; icon?: string }[];
};

/** The contract's rules per field, with empty platform fields allowed (they mean "none"). */
export const socialLinksFormSchema = z.object({
  platforms: z.record(z.enum(SOCIAL_PLATFORMS), z.literal("").or(webUrlSchema)),
  shortcuts: z.array(shortcutSchema).max(MAX_SHORTCUTS),
});

/** The dialog's starting values from the saved links. Pure: unit-tested. */
export function toSocialLinksForm(links: SocialLinks | undefined): SocialLinksFormValues {
  const platforms = Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => [platform, links?.platforms[platform] ?? ""]),
  ) as Record<SocialPlatform, string>;
  return {
    platforms,
    shortcuts: (links?.shortcuts ?? []).map(({ label, url, icon }) => ({
      label,
      url,
      ...(icon ? { icon } : {}),
    })),
  };
}

/** The POST body: trimmed, empty platforms left out. Pure: unit-tested. */
export function toSocialLinksBody(values: SocialLinksFormValues): SocialLinksInput {
  const platforms = Object.fromEntries(
    Object.entries(values.platforms)
      .map(([platform, url]) => [platform, url.trim()] as const)
      .filter(([, url]) => url.length > 0),
  );
  return {
    platforms,
    shortcuts: values.shortcuts.map(({ label, url, icon }) => ({
      label: label.trim(),
      url: url.trim(),
      ...(icon ? { icon } : {}),
    })),
  };
}

/** The add button is disabled at 12 shortcuts. */
export function canAddShortcut(count: number): boolean {
  return count < MAX_SHORTCUTS;
}

export type ShownLink = { key: string; label: string; url: string; platform: SocialPlatform | null };

/**
 * What the card lists: the platforms in their fixed order, then the shortcuts, each only when its address
 * is a plain http(s) URL (the server already refuses others; this keeps a bad row from becoming a link).
 */
export function shownLinks(
  links: SocialLinks | undefined,
  labels: Record<SocialPlatform, string>,
): ShownLink[] {
  if (!links) return [];
  const platformLinks = SOCIAL_PLATFORMS.flatMap((platform) => {
    const url = safeExternalUrl(links.platforms[platform] ?? "");
    return url ? [{ key: platform, label: labels[platform], url, platform }] : [];
  });
  const shortcutLinks = links.shortcuts.flatMap((shortcut, index) => {
    const url = safeExternalUrl(shortcut.url);
    return url ? [{ key: `shortcut-${index}`, label: shortcut.label, url, platform: null }] : [];
  });
  return [...platformLinks, ...shortcutLinks];
}
