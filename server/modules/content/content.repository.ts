import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { helpContent, terms, uiSections, whatWeDoContent } from "#server/db/schema/index.ts";

export type SectionRow = typeof uiSections.$inferSelect;
export type HelpRow = typeof helpContent.$inferSelect;
export type TermsRow = typeof terms.$inferSelect;
export type SectionChanges = Partial<
  Pick<SectionRow, "sectionName" | "code" | "title" | "type" | "route" | "tags" | "description">
>;

export function createContentRepository(db: Database) {
  return {
    async findWhatWeDo() {
      const [row] = await db.select().from(whatWeDoContent).where(eq(whatWeDoContent.id, 1)).limit(1);
      return row;
    },

    listSections: () => db.select().from(uiSections).orderBy(asc(uiSections.code)),

    async findSection(sectionName: string) {
      const [row] = await db
        .select()
        .from(uiSections)
        .where(eq(uiSections.sectionName, sectionName))
        .limit(1);
      return row;
    },

    async findHelp(sectionName: string) {
      const [row] = await db
        .select()
        .from(helpContent)
        .where(eq(helpContent.sectionName, sectionName))
        .limit(1);
      return row;
    },

    async findTerms() {
      const [row] = await db.select().from(terms).where(eq(terms.id, 1)).limit(1);
      return row;
    },

    async saveTerms(values: { title: string; content: string }) {
      const [row] = await db
        .insert(terms)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: terms.id, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error("The terms were not saved");
      return row;
    },

    async deleteTerms() {
      const [row] = await db.delete(terms).where(eq(terms.id, 1)).returning();
      return row;
    },

    async saveWhatWeDo(content: string) {
      const [row] = await db
        .insert(whatWeDoContent)
        .values({ id: 1, content })
        .onConflictDoUpdate({ target: whatWeDoContent.id, set: { content, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error("What We Do was not saved");
      return row;
    },

    async findSectionById(id: string) {
      const [row] = await db.select().from(uiSections).where(eq(uiSections.id, id)).limit(1);
      return row;
    },

    async findSectionByCode(code: number) {
      const [row] = await db.select().from(uiSections).where(eq(uiSections.code, code)).limit(1);
      return row;
    },

    async updateSection(id: string, changes: SectionChanges) {
      const [row] = await db.update(uiSections).set(changes).where(eq(uiSections.id, id)).returning();
      return row;
    },

    listHelp: () => db.select().from(helpContent).orderBy(asc(helpContent.sectionName)),

    async createHelp(values: { sectionName: string; title: string; content: string }) {
      const [row] = await db.insert(helpContent).values(values).returning();
      if (!row) throw new Error("The help content was not saved");
      return row;
    },

    async updateHelp(
      sectionName: string,
      values: { title?: string; content?: string; sectionName?: string },
    ) {
      const [row] = await db
        .update(helpContent)
        .set(values)
        .where(eq(helpContent.sectionName, sectionName))
        .returning();
      return row;
    },

    async deleteHelp(sectionName: string) {
      const [row] = await db.delete(helpContent).where(eq(helpContent.sectionName, sectionName)).returning();
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
