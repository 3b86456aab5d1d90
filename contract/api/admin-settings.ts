import { z } from "zod";
import { HTML_POPUPS, type PopupName } from "../popups.ts";

/** Plain-text popups are short messages; the saved-images HTML leaves room for markup. */
export const POPUP_TEXT_MAX_LENGTH = 2_000;
export const POPUP_HTML_MAX_LENGTH = 10_000;
/** The banner is one line across a downloaded image. */
export const BANNER_TEXT_MAX_LENGTH = 80;

export const ADMIN_SETTINGS_MESSAGES = {
  enabled: "isEnabled must be true or false",
  allowFreeUsers: "allowFreeUsers must be true or false",
  freeOption: "freeOptionEnabled must be true or false",
  contentRequired: "Content is required while the popup is enabled",
  contentTooLong: (max: number) => `Content must be at most ${max} characters`,
  bannerTextRequired: "Banner text is required",
  bannerTextTooLong: `Banner text must be at most ${BANNER_TEXT_MAX_LENGTH} characters`,
} as const;

/** The toast text when saving a popup fails without a server message. */
export const POPUP_FAILURE: Record<PopupName, string> = {
  greetings: "Failed to update greetings popup settings",
  "saved-images": "Failed to update saved images popup settings",
  "hide-searches": "Failed to update hide searches popup settings",
};

const flag = (error: string) => z.boolean({ error });

/** PUT /api/{name}-popup: content is required while enabled, and at most the popup's length. */
export const popupBodySchema = (name: PopupName) => {
  const max = HTML_POPUPS.includes(name) ? POPUP_HTML_MAX_LENGTH : POPUP_TEXT_MAX_LENGTH;
  return z
    .strictObject({
      isEnabled: flag(ADMIN_SETTINGS_MESSAGES.enabled),
      content: z
        .string({ error: ADMIN_SETTINGS_MESSAGES.contentRequired })
        .trim()
        .max(max, { error: ADMIN_SETTINGS_MESSAGES.contentTooLong(max) }),
    })
    .refine((body) => !body.isEnabled || body.content.length > 0, {
      error: ADMIN_SETTINGS_MESSAGES.contentRequired,
      path: ["content"],
    });
};
export type PopupBody = z.infer<ReturnType<typeof popupBodySchema>>;

/** PUT /api/admin/image-banner. The text is kept while the banner is off, so it is always required. */
export const imageBannerBodySchema = z.strictObject({
  isEnabled: flag(ADMIN_SETTINGS_MESSAGES.enabled),
  text: z
    .string({ error: ADMIN_SETTINGS_MESSAGES.bannerTextRequired })
    .trim()
    .min(1, { error: ADMIN_SETTINGS_MESSAGES.bannerTextRequired })
    .max(BANNER_TEXT_MAX_LENGTH, { error: ADMIN_SETTINGS_MESSAGES.bannerTextTooLong }),
});
export type ImageBannerBody = z.infer<typeof imageBannerBodySchema>;

/** GET and PUT /api/admin/ai-settings (decision 026: what they govern). */
export const aiSettingsSchema = z.strictObject({
  isEnabled: flag(ADMIN_SETTINGS_MESSAGES.enabled),
  allowFreeUsers: flag(ADMIN_SETTINGS_MESSAGES.allowFreeUsers),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** GET and POST /api/admin/settings: the platform's free-access option. */
export const siteSettingsSchema = z.strictObject({
  freeOptionEnabled: flag(ADMIN_SETTINGS_MESSAGES.freeOption),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
