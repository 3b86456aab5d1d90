import { DEFAULT_WHAT_WE_DO_CONTENT } from "#contract/content-defaults.ts";
import { BUILT_IN_HELP_SECTIONS } from "#contract/help-sections.ts";
import { DEFAULT_MODERATION_REASONS } from "#contract/moderation-defaults.ts";
import type { Database } from "./client.ts";
import * as schema from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

/** A settings key that marks the help texts as seeded: they are inserted once, so a deleted one stays deleted. */
export const HELP_SEEDED_KEY = "seed.helpContent";

/** A settings key that marks the moderation reasons as seeded, once, so a reason deleted stays deleted. */
export const REASONS_SEEDED_KEY = "seed.moderationReasons";

/**
 * Inserts every default row that is missing (singleton settings, popups, platform settings), and once per install
 * the UI section codes, their help texts and the moderation reasons. Never overwrites what an administrator changed. Runs at every start and between tests.
 */
export async function seedDefaults(db: Database): Promise<void> {
  await withTransaction(db, async (tx) => {
    const singletons = [
      schema.greetingsPopup,
      schema.savedImagesPopup,
      schema.hideSearchesPopup,
      schema.imageBanner,
      schema.aiSettings,
      schema.affiliateSettings,
      schema.postReportSettings,
    ] as const;
    for (const table of singletons) {
      await tx.insert(table).values({ id: 1 }).onConflictDoNothing();
    }
    await tx
      .insert(schema.whatWeDoContent)
      .values({ id: 1, content: DEFAULT_WHAT_WE_DO_CONTENT })
      .onConflictDoNothing();
    await tx.insert(schema.settings).values({ key: "freeOptionEnabled", value: false }).onConflictDoNothing();
    // Once per install, as the help texts below: the short list of reasons an administrator picks from.
    const [firstReasons] = await tx
      .insert(schema.settings)
      .values({ key: REASONS_SEEDED_KEY, value: true })
      .onConflictDoNothing()
      .returning();
    if (firstReasons) await tx.insert(schema.moderationReasons).values([...DEFAULT_MODERATION_REASONS]);
    // Once per install: a default help text for every built-in section, and its UI code. No conflict target, so
    // a name or code an administrator already uses is left alone; an entry the administrator deleted or renamed
    // later is not brought back, because the marker row says the defaults went in already.
    const [firstSeed] = await tx
      .insert(schema.settings)
      .values({ key: HELP_SEEDED_KEY, value: true })
      .onConflictDoNothing()
      .returning();
    if (!firstSeed) return;
    await tx
      .insert(schema.uiSections)
      .values(BUILT_IN_HELP_SECTIONS.map(({ help: _, ...section }) => section))
      .onConflictDoNothing();
    await tx
      .insert(schema.helpContent)
      .values(BUILT_IN_HELP_SECTIONS.map(({ sectionName, help }) => ({ sectionName, ...help })))
      .onConflictDoNothing();
  });
}
