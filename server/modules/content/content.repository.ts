import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { helpContent, terms, uiSections, whatWeDoContent } from "#server/db/schema/index.ts";

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
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
