import {
  ADMIN_CONTENT_MESSAGES,
  type AdminHelpContent,
  type HelpContentBody,
  type HelpContentUpdate,
  type SectionPatch,
} from "#contract/api/admin-content.ts";
import { CONTENT_MESSAGES, type HelpContent, type Section } from "#contract/api/content.ts";
import { DEFAULT_TERMS_TITLE, type TermsResponse } from "#contract/api/terms.ts";
import { DEFAULT_WHAT_WE_DO_CONTENT } from "#contract/content-defaults.ts";
import { isBuiltInSection } from "#contract/help-sections.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import { sanitizeStoredHtml } from "#server/lib/sanitize-html.ts";
import {
  type ContentRepository,
  createContentRepository,
  type HelpRow,
  type SectionChanges,
  type SectionRow,
  type TermsRow,
} from "./content.repository.ts";

const toTerms = (row: TermsRow): TermsResponse => ({
  title: row.title,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});

const toHelpItem = (row: HelpRow): AdminHelpContent => ({
  id: row.id,
  sectionName: row.sectionName,
  title: row.title,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});

const toSection = ({ createdAt: _c, updatedAt: _u, ...row }: SectionRow): Section => row;

const SECTION_FIELDS = ["sectionName", "code", "title", "type", "route", "tags", "description"] as const;

/**
 * The content visitors read (terms, What We Do, UI sections, help texts) and its writes. A writer given a
 * transaction writes inside it (with the administrator's audit row). Terms HTML is sanitized here, on write.
 */
export function createContentService({ contentRepo }: { contentRepo: ContentRepository }) {
  const repoOn = (tx?: Tx) => (tx ? createContentRepository(tx) : contentRepo);
  const helpMissing = () =>
    new AppError("not_found", ADMIN_CONTENT_MESSAGES.helpNotFound, {
      sectionName: ADMIN_CONTENT_MESSAGES.helpNotFound,
    });

  return {
    async whatWeDo() {
      return { content: (await contentRepo.findWhatWeDo())?.content ?? DEFAULT_WHAT_WE_DO_CONTENT };
    },

    /** Plain text: stored as written (trimmed), shown as text, never as HTML. */
    async saveWhatWeDo(content: string, tx?: Tx) {
      const repo = repoOn(tx);
      const before = (await repo.findWhatWeDo())?.content ?? DEFAULT_WHAT_WE_DO_CONTENT;
      const row = await repo.saveWhatWeDo(content);
      return { before, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },

    async sections(): Promise<Section[]> {
      return (await contentRepo.listSections()).map(toSection);
    },

    async section(name: string): Promise<Section> {
      const row = await contentRepo.findSection(name);
      if (!row) throw new AppError("not_found", CONTENT_MESSAGES.sectionNotFound);
      return toSection(row);
    },

    /**
     * Edit UI Section. The code and the name stay unique (409 with the field); a built-in section keeps its
     * name, because member pages look it up by name. Answers the section before and after, and what changed.
     */
    async updateSection(id: string, patch: SectionPatch, tx?: Tx) {
      const repo = repoOn(tx);
      const before = await repo.findSectionById(id);
      if (!before) throw new AppError("not_found", ADMIN_CONTENT_MESSAGES.sectionNotFound);
      const wanted: SectionChanges = {};
      for (const key of SECTION_FIELDS) {
        const value = patch[key];
        if (value === undefined) continue;
        const next = typeof value === "string" ? value.trim() || null : value;
        if (next !== before[key]) Object.assign(wanted, { [key]: next });
      }
      if (wanted.sectionName !== undefined) {
        if (isBuiltInSection(before.sectionName)) {
          throw new AppError("conflict", ADMIN_CONTENT_MESSAGES.nameFixed, {
            sectionName: ADMIN_CONTENT_MESSAGES.nameFixed,
          });
        }
        const other = wanted.sectionName ? await repo.findSection(wanted.sectionName) : undefined;
        if (other && other.id !== id) {
          throw new AppError("conflict", ADMIN_CONTENT_MESSAGES.nameTaken, {
            sectionName: ADMIN_CONTENT_MESSAGES.nameTaken,
          });
        }
      }
      if (wanted.code !== undefined && wanted.code !== null) {
        const other = await repo.findSectionByCode(wanted.code);
        if (other && other.id !== id) {
          throw new AppError("conflict", ADMIN_CONTENT_MESSAGES.codeTaken, {
            code: ADMIN_CONTENT_MESSAGES.codeTaken,
          });
        }
      }
      if (Object.keys(wanted).length === 0) {
        return { before: toSection(before), after: toSection(before), changed: [] as string[] };
      }
      const after = await repo.updateSection(id, wanted);
      if (!after) throw new AppError("not_found", ADMIN_CONTENT_MESSAGES.sectionNotFound);
      // The help text follows a renamed section.
      if (wanted.sectionName) await repo.updateHelp(before.sectionName, { sectionName: wanted.sectionName });
      return { before: toSection(before), after: toSection(after), changed: Object.keys(wanted) };
    },

    async help(name: string): Promise<HelpContent> {
      const row = await contentRepo.findHelp(name);
      if (!row) throw new AppError("not_found", CONTENT_MESSAGES.helpNotFound);
      return { sectionName: row.sectionName, title: row.title, content: row.content };
    },

    listHelp: async () => (await contentRepo.listHelp()).map(toHelpItem),

    async createHelp(body: HelpContentBody, tx?: Tx) {
      const repo = repoOn(tx);
      if (await repo.findHelp(body.sectionName)) {
        throw new AppError("conflict", ADMIN_CONTENT_MESSAGES.helpExists, {
          sectionName: ADMIN_CONTENT_MESSAGES.helpExists,
        });
      }
      return toHelpItem(await repo.createHelp(body));
    },

    async updateHelp(sectionName: string, body: HelpContentUpdate, tx?: Tx) {
      const repo = repoOn(tx);
      const before = await repo.findHelp(sectionName);
      if (!before) throw helpMissing();
      const after = await repo.updateHelp(sectionName, body);
      if (!after) throw helpMissing();
      return { before: toHelpItem(before), after: toHelpItem(after) };
    },

    async deleteHelp(sectionName: string, tx?: Tx) {
      const removed = await repoOn(tx).deleteHelp(sectionName);
      if (!removed) throw helpMissing();
      return toHelpItem(removed);
    },

    async terms(): Promise<TermsResponse> {
      const row = await contentRepo.findTerms();
      return row ? toTerms(row) : { title: DEFAULT_TERMS_TITLE, content: "", updatedAt: null };
    },

    /** Creates or replaces the terms; the HTML is sanitized before it is stored, and again in the browser. */
    async saveTerms(values: { title: string; content: string }, tx?: Tx) {
      const repo = repoOn(tx);
      const before = await repo.findTerms();
      const content = sanitizeStoredHtml(values.content);
      if (!content.trim()) {
        throw new AppError("validation", "Content is required", {
          content: "The content has no text left once unsafe HTML is removed",
        });
      }
      const row = await repo.saveTerms({ title: values.title, content });
      return { before: before ? toTerms(before) : null, terms: toTerms(row) };
    },

    async deleteTerms(tx?: Tx) {
      const removed = await repoOn(tx).deleteTerms();
      if (!removed) throw new AppError("not_found", ADMIN_CONTENT_MESSAGES.termsNotFound);
      return toTerms(removed);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
