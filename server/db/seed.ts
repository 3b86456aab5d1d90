import type { Database } from "./client.ts";
import * as schema from "./schema/index.ts";
import { withTransaction } from "./transaction.ts";

export const DEFAULT_WHAT_WE_DO_CONTENT = `Welcome to Tagit.

Tagit lets you publish tagged posts: an image with a name that is yours alone. Nobody browses Tagit and nobody stumbles on your posts. People find a post only by typing its exact name or your tagg, your unique handle, so you decide who can find you by deciding who you tell.

Every time someone searches for your posts or opens one, you see it in "Who's Searching for Your Taggs": who looked, what they typed and when. Visitors who choose to stay anonymous appear as Anonymous User and still count towards your unique viewers.

You control how you appear to others. Show lets the people you look up see your visit, Hide keeps you anonymous, and Pause hides you for 48 hours. You can scramble an image so only a blurred version is public, hide your name from a post, and delete your own search history at any time.

Premium unlocks visibility controls for all your posts at once. The affiliate programme pays you a commission for every member you refer who subscribes, and the montage maker turns your pictures into a wallpaper you can download.`;

/** The help sections of spec 1 §9 and their six-digit codes. */
const DEFAULT_UI_SECTIONS = [
  {
    code: 100001,
    sectionName: "share-something",
    title: "Share Something",
    type: "page",
    route: "/create-post",
  },
  { code: 100002, sectionName: "recent-posts", title: "Recent Posts", type: "page", route: "/dashboard" },
  {
    code: 100003,
    sectionName: "search-tags",
    title: "Search Tags",
    type: "page",
    route: "/search-tagged-posts",
  },
  { code: 100004, sectionName: "my-posts", title: "My Posts", type: "page", route: "/dashboard" },
  { code: 100005, sectionName: "social-links", title: "Social Links", type: "page", route: "/dashboard" },
  {
    code: 100006,
    sectionName: "privacy-settings",
    title: "Privacy Settings",
    type: "page",
    route: "/dashboard",
  },
  {
    code: 100007,
    sectionName: "affiliate-program",
    title: "Affiliate Program",
    type: "page",
    route: "/affiliate",
  },
  {
    code: 100008,
    sectionName: "search-results",
    title: "Search Results",
    type: "page",
    route: "/search-tagged-posts",
  },
  {
    code: 100009,
    sectionName: "Create post pop up",
    title: "Create Post Pop Up",
    type: "popup",
    route: "/create-post",
  },
] as const satisfies readonly (typeof schema.uiSections.$inferInsert)[];

/**
 * Inserts every default row that is missing (singleton settings, popups, UI section codes, platform settings).
 * Never overwrites what an administrator changed. Runs at every start and between tests.
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
    // No target: a row whose name or code an administrator already uses is left alone.
    await tx
      .insert(schema.uiSections)
      .values([...DEFAULT_UI_SECTIONS])
      .onConflictDoNothing();
  });
}
