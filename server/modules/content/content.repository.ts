import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import {
  greetingsPopup,
  helpContent,
  hideSearchesPopup,
  imageBanner,
  savedImagesPopup,
  settings,
  terms,
  uiSections,
  whatWeDoContent,
} from "#server/db/schema/index.ts";

const POPUP_TABLES = {
  greetings: greetingsPopup,
  "saved-images": savedImagesPopup,
  "hide-searches": hideSearchesPopup,
};
export type PopupName = keyof typeof POPUP_TABLES;

export function createContentRepository(db: Database) {
  return {
    async findSetting(key: string) {
      const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
      return row?.value;
    },

    async findPopup(name: PopupName) {
      const table = POPUP_TABLES[name];
      const [row] = await db.select().from(table).where(eq(table.id, 1)).limit(1);
      return row;
    },

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

    async findImageBanner() {
      const [row] = await db.select().from(imageBanner).where(eq(imageBanner.id, 1)).limit(1);
      return row;
    },

    async findTerms() {
      const [row] = await db.select().from(terms).where(eq(terms.id, 1)).limit(1);
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
