import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import type { Database } from "#server/db/client.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { costs } from "#server/db/schema/index.ts";

export type CostRow = typeof costs.$inferSelect;

/**
 * The platform's running costs (the admin module owns the `costs` table): add, edit, delete, page, total per
 * currency.
 */
export function createCostsRepository(db: Database) {
  /** One total per currency of the costs matching `where`; currencies are never added together. */
  const totals = (where?: SQL) =>
    db
      .select({ currency: costs.currency, total: sql<number>`(coalesce(sum(${costs.amountMinor}), 0))::int` })
      .from(costs)
      .where(where)
      .groupBy(costs.currency)
      .orderBy(asc(costs.currency));

  return {
    async insert(values: typeof costs.$inferInsert) {
      const [row] = await db.insert(costs).values(values).returning();
      if (!row) throw new Error("cost insert returned nothing");
      return row;
    },

    /** The cost as it is now, its row locked until the transaction ends (read before an edit or a deletion). */
    async lock(id: string): Promise<CostRow | undefined> {
      const [row] = await db.select().from(costs).where(eq(costs.id, id)).for("update");
      return row;
    },

    /** Replaces the cost's fields; undefined when there is no such cost. */
    async update(id: string, values: Omit<typeof costs.$inferInsert, "id" | "createdAt">) {
      const [row] = await db.update(costs).set(values).where(eq(costs.id, id)).returning();
      return row;
    },

    /** Deletes the cost; answers it, or undefined when there was none. */
    async delete(id: string): Promise<CostRow | undefined> {
      const [row] = await db.delete(costs).where(eq(costs.id, id)).returning();
      return row;
    },

    /** Newest entry first; searched in service, description, category and notes. */
    list: (query: AdminListQuery) =>
      paginate<CostRow>({
        db,
        name: "admin_costs",
        query,
        keys: { createdAt: costs.createdAt, id: costs.id },
        sorts: costSorts,
        searchIn: [costs.service, costs.description, costs.category, sql`coalesce(${costs.notes}, '')`],
        rows: (where, limit, order) =>
          db
            .select({ ...costsColumns, cursorAt: cursorAt(costs.createdAt), cursorSort: order.cursorSort })
            .from(costs)
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(db, db.select({ one: sql`1` }).from(costs).where(where).limit(upTo).as("matches")),
      }),

    totals: () => totals(),

    /** Costs dated within [from, to) (ISO days), per currency. */
    totalsBetween: (from: string, to: string) => totals(and(gte(costs.date, from), lt(costs.date, to))),
  };
}

/** The admin list's sorts (the contract's `ADMIN_LIST_SORTS.costs`). */
const costSorts = {
  createdAt: [],
  date: [{ by: costs.date, type: "date" }],
  service: [byText(costs.service)],
  category: [byText(costs.category)],
  amount: [{ by: costs.amountMinor, type: "int" }],
} satisfies Record<(typeof ADMIN_LIST_SORTS.costs)[number], SortColumn>;

const costsColumns = {
  id: costs.id,
  date: costs.date,
  service: costs.service,
  description: costs.description,
  amountMinor: costs.amountMinor,
  currency: costs.currency,
  category: costs.category,
  notes: costs.notes,
  createdAt: costs.createdAt,
};

export type CostsRepository = ReturnType<typeof createCostsRepository>;
