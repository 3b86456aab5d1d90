import type { ImageBanner } from "#contract/api/posts.ts";
import type { TermsResponse } from "#contract/api/terms.ts";
import { DEFAULT_BANNER_TEXT } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ContentRepository } from "./content.repository.ts";

export const TERMS_NOT_PUBLISHED = "Terms and Conditions are not available yet";

export function createContentService({ contentRepo }: { contentRepo: ContentRepository }) {
  return {
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
