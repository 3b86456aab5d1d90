import { CONTENT_MESSAGES, type HelpContent, type Section } from "#contract/api/content.ts";
import type { TermsResponse } from "#contract/api/terms.ts";
import { DEFAULT_WHAT_WE_DO_CONTENT } from "#server/db/seed.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ContentRepository } from "./content.repository.ts";

export const TERMS_NOT_PUBLISHED = "Terms and Conditions are not available yet";

export function createContentService({ contentRepo }: { contentRepo: ContentRepository }) {
  return {
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

    async terms(): Promise<TermsResponse> {
      const row = await contentRepo.findTerms();
      if (!row) throw new AppError("not_found", TERMS_NOT_PUBLISHED);
      return { title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
