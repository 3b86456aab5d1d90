import type {
  AdminTermsBody,
  HelpContentBody,
  HelpContentUpdate,
  SectionPatch,
} from "#contract/api/admin-content.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import type { ContentService } from "../content/content.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  /** The content module owns the tables and their rules (sanitizing, unique codes); it writes on our `tx`. */
  content: ContentService;
  auditRepoOn: (tx: Tx) => AuditRepository;
};

/** A long text in an audit summary: enough to recognise it, not the whole document. */
export const excerpt = (text: string, length = 120) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * The content sections of the admin panel: Terms & Conditions, UI codes, Help content and What We Do. Every
 * write runs in one transaction with its audit row.
 */
export function createAdminContentService({ transact, content, auditRepoOn }: Deps) {
  return {
    saveTerms(actor: AuditActor, body: AdminTermsBody) {
      return transact(async (tx) => {
        const { before, terms } = await content.saveTerms(body, tx);
        await auditRepoOn(tx).record({
          actor,
          action: before ? "terms.update" : "terms.create",
          targetType: "terms",
          targetId: "terms",
          summary: {
            ...(before && { before: { title: before.title, content: excerpt(before.content) } }),
            after: { title: terms.title, content: excerpt(terms.content) },
          },
        });
        return terms;
      });
    },

    deleteTerms(actor: AuditActor) {
      return transact(async (tx) => {
        const removed = await content.deleteTerms(tx);
        await auditRepoOn(tx).record({
          actor,
          action: "terms.delete",
          targetType: "terms",
          targetId: "terms",
          summary: { before: { title: removed.title, content: excerpt(removed.content) } },
        });
      });
    },

    updateSection(actor: AuditActor, id: string, patch: SectionPatch) {
      return transact(async (tx) => {
        const { before, after, changed } = await content.updateSection(id, patch, tx);
        if (changed.length > 0) {
          const pick = (row: object) =>
            Object.fromEntries(changed.map((key) => [key, (row as Record<string, unknown>)[key]]));
          await auditRepoOn(tx).record({
            actor,
            action: "ui_section.update",
            targetType: "ui_section",
            targetId: id,
            summary: { before: pick(before), after: pick(after) },
          });
        }
        return after;
      });
    },

    listHelp: () => content.listHelp(),

    createHelp(actor: AuditActor, body: HelpContentBody) {
      return transact(async (tx) => {
        const row = await content.createHelp(body, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "help_content.create",
          targetType: "help_content",
          targetId: row.sectionName,
          summary: { after: { title: row.title, content: excerpt(row.content) } },
        });
        return row;
      });
    },

    updateHelp(actor: AuditActor, sectionName: string, body: HelpContentUpdate) {
      return transact(async (tx) => {
        const { before, after } = await content.updateHelp(sectionName, body, tx);
        const keys = (["title", "content"] as const).filter((key) => before[key] !== after[key]);
        if (keys.length > 0) {
          await auditRepoOn(tx).record({
            actor,
            action: "help_content.update",
            targetType: "help_content",
            targetId: sectionName,
            summary: {
              before: Object.fromEntries(keys.map((key) => [key, excerpt(before[key])])),
              after: Object.fromEntries(keys.map((key) => [key, excerpt(after[key])])),
            },
          });
        }
        return after;
      });
    },

    deleteHelp(actor: AuditActor, sectionName: string) {
      return transact(async (tx) => {
        const removed = await content.deleteHelp(sectionName, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "help_content.delete",
          targetType: "help_content",
          targetId: sectionName,
          summary: { before: { title: removed.title, content: excerpt(removed.content) } },
        });
      });
    },

    whatWeDo: () => content.whatWeDo(),

    saveWhatWeDo(actor: AuditActor, text: string) {
      return transact(async (tx) => {
        const saved = await content.saveWhatWeDo(text, tx);
        if (saved.before !== saved.content) {
          await auditRepoOn(tx).record({
            actor,
            action: "what_we_do.update",
            targetType: "what_we_do",
            targetId: "what_we_do",
            summary: {
              before: { content: excerpt(saved.before) },
              after: { content: excerpt(saved.content) },
            },
          });
        }
        return { content: saved.content };
      });
    },
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
