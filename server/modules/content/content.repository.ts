import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { terms } from "#server/db/schema/index.ts";

export function createContentRepository(db: Database) {
  return {
    async findTerms() {
      const [row] = await db.select().from(terms).where(eq(terms.id, 1)).limit(1);
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
