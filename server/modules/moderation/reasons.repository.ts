import { asc, eq } from "drizzle-orm";
import type { ModerationReasonBody } from "#contract/api/moderation.ts";
import type { Database } from "#server/db/client.ts";
import { moderationReasons } from "#server/db/schema/index.ts";

const columns = { id: moderationReasons.id, label: moderationReasons.label, rule: moderationReasons.rule };

/** The `moderation_reasons` table: the panel's short list of reasons. */
export function createReasonsRepository(db: Database) {
  return {
    list: () => db.select(columns).from(moderationReasons).orderBy(asc(moderationReasons.label)),

    async find(id: string) {
      const [row] = await db.select(columns).from(moderationReasons).where(eq(moderationReasons.id, id));
      return row;
    },

    async create(values: ModerationReasonBody) {
      const [row] = await db.insert(moderationReasons).values(values).returning(columns);
      if (!row) throw new Error("The reason was not written");
      return row;
    },

    async update(id: string, values: ModerationReasonBody) {
      const [row] = await db
        .update(moderationReasons)
        .set(values)
        .where(eq(moderationReasons.id, id))
        .returning(columns);
      return row;
    },

    async remove(id: string) {
      const [row] = await db.delete(moderationReasons).where(eq(moderationReasons.id, id)).returning(columns);
      return row;
    },
  };
}

export type ReasonsRepository = ReturnType<typeof createReasonsRepository>;
