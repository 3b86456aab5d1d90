import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { imageBanner, terms } from "#server/db/schema/index.ts";

export function createContentRepository(db: Database) {
  return {
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
