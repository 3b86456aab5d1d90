import { eq } from "drizzle-orm";
import type { ReportAutoAction } from "#contract/api/posts.ts";
import type { Database } from "#server/db/client.ts";
import {
  affiliateSettings,
  aiSettings,
  greetingsPopup,
  hideSearchesPopup,
  imageBanner,
  postReportSettings,
  savedImagesPopup,
  settings,
} from "#server/db/schema/index.ts";

const POPUP_TABLES = {
  greetings: greetingsPopup,
  "saved-images": savedImagesPopup,
  "hide-searches": hideSearchesPopup,
};
export type PopupName = keyof typeof POPUP_TABLES;

/** Key of the platform's free-access switch in the key/value `settings` table. */
const FREE_OPTION_KEY = "freeOptionEnabled";

/**
 * The settings administrators own. Each group but the free option is a singleton row (id = 1), seeded at
 * start; a reader gets undefined only if that row is missing, and a write creates it if so.
 */
export function createSettingsRepository(db: Database) {
  return {
    async popup(name: PopupName) {
      const table = POPUP_TABLES[name];
      const [row] = await db
        .select({ isEnabled: table.isEnabled, content: table.content })
        .from(table)
        .where(eq(table.id, 1))
        .limit(1);
      return row;
    },

    async savePopup(name: PopupName, values: { isEnabled: boolean; content: string }) {
      const table = POPUP_TABLES[name];
      await db
        .insert(table)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: table.id, set: values });
    },

    async imageBanner() {
      const [row] = await db
        .select({ text: imageBanner.text, isEnabled: imageBanner.isEnabled })
        .from(imageBanner)
        .where(eq(imageBanner.id, 1))
        .limit(1);
      return row;
    },

    async saveImageBanner(values: { text: string; isEnabled: boolean }) {
      await db
        .insert(imageBanner)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: imageBanner.id, set: values });
    },

    async reports() {
      const [row] = await db
        .select({
          autoDeleteEnabled: postReportSettings.autoDeleteEnabled,
          autoDeleteThreshold: postReportSettings.autoDeleteThreshold,
          autoAction: postReportSettings.autoAction,
        })
        .from(postReportSettings)
        .where(eq(postReportSettings.id, 1))
        .limit(1);
      return row;
    },

    async saveReports(values: {
      autoDeleteEnabled: boolean;
      autoDeleteThreshold: number;
      autoAction: ReportAutoAction;
    }) {
      await db
        .insert(postReportSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: postReportSettings.id, set: values });
    },

    async affiliate() {
      const [row] = await db
        .select({
          commissionPercentage: affiliateSettings.commissionPercentage,
          isActive: affiliateSettings.isActive,
        })
        .from(affiliateSettings)
        .where(eq(affiliateSettings.id, 1))
        .limit(1);
      return row;
    },

    async saveAffiliate(values: { commissionPercentage: string; isActive: boolean }) {
      await db
        .insert(affiliateSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: affiliateSettings.id, set: values });
    },

    async ai() {
      const [row] = await db
        .select({ isEnabled: aiSettings.isEnabled, allowFreeUsers: aiSettings.allowFreeUsers })
        .from(aiSettings)
        .where(eq(aiSettings.id, 1))
        .limit(1);
      return row;
    },

    async saveAi(values: { isEnabled: boolean; allowFreeUsers: boolean }) {
      await db
        .insert(aiSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: aiSettings.id, set: values });
    },

    async freeOption() {
      const [row] = await db.select().from(settings).where(eq(settings.key, FREE_OPTION_KEY)).limit(1);
      return row?.value;
    },

    async saveFreeOption(enabled: boolean) {
      await db
        .insert(settings)
        .values({ key: FREE_OPTION_KEY, value: enabled })
        .onConflictDoUpdate({ target: settings.key, set: { value: enabled } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
