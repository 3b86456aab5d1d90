import { CONTENT_MESSAGES, type HelpContent, type Popup, type Section } from "#contract/api/content.ts";
import type { ImageBanner } from "#contract/api/posts.ts";
import type { TermsResponse } from "#contract/api/terms.ts";
import {
  DEFAULT_BANNER_TEXT,
  DEFAULT_GREETING_CONTENT,
  DEFAULT_HIDE_SEARCHES_CONTENT,
  DEFAULT_SAVED_IMAGES_CONTENT,
} from "#server/db/schema/index.ts";
import { DEFAULT_WHAT_WE_DO_CONTENT } from "#server/db/seed.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ContentRepository, PopupName } from "./content.repository.ts";

const POPUP_DEFAULTS: Record<PopupName, string> = {
  greetings: DEFAULT_GREETING_CONTENT,
  "saved-images": DEFAULT_SAVED_IMAGES_CONTENT,
  "hide-searches": DEFAULT_HIDE_SEARCHES_CONTENT,
};

export const TERMS_NOT_PUBLISHED = "Terms and Conditions are not available yet";

export function createContentService({ contentRepo }: { contentRepo: ContentRepository }) {
  return {
    /** The platform's free-access option (admins switch it). */
    async freeOptionEnabled() {
      return (await contentRepo.findSetting("freeOptionEnabled")) === true;
    },

    /** A popup's settings; the seeded default when the row is missing. */
    async popup(name: PopupName): Promise<Popup> {
      const row = await contentRepo.findPopup(name);
      return row
        ? { isEnabled: row.isEnabled, content: row.content }
        : { isEnabled: true, content: POPUP_DEFAULTS[name] };
    },

    async whatWeDo() {
      return { content: (await contentRepo.findWhatWeDo())?.content ?? DEFAULT_WHAT_WE_DO_CONTENT };
    },

    async sections(): Promise<Section[]> {
      return contentRepo.listSections();
    },

    async section(name: string): Promise<Section> {
      const row = await contentRepo.findSection(name);
      if (!row) throw new AppError("not_found", CONTENT_MESSAGES.sectionNotFound);
      return row;
    },

    async help(name: string): Promise<HelpContent> {
      const row = await contentRepo.findHelp(name);
      if (!row) throw new AppError("not_found", CONTENT_MESSAGES.helpNotFound);
      return { sectionName: row.sectionName, title: row.title, content: row.content };
    },

    /** The banner drawn on downloaded post images; the seeded default if the row is missing. */
    async imageBanner(): Promise<ImageBanner> {
      const row = await contentRepo.findImageBanner();
      return row
        ? { text: row.text, isEnabled: row.isEnabled }
        : { text: DEFAULT_BANNER_TEXT, isEnabled: true };
    },

    async terms(): Promise<TermsResponse> {
      const row = await contentRepo.findTerms();
      if (!row) throw new AppError("not_found", TERMS_NOT_PUBLISHED);
      return { title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
