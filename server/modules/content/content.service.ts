import type { TermsResponse } from "#contract/api/terms.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ContentRepository } from "./content.repository.ts";

export const TERMS_NOT_PUBLISHED = "Terms and Conditions are not available yet";

export function createContentService({ contentRepo }: { contentRepo: ContentRepository }) {
  return {
    async terms(): Promise<TermsResponse> {
      const row = await contentRepo.findTerms();
      if (!row) throw new AppError("not_found", TERMS_NOT_PUBLISHED);
      return { title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
