import { type Column, type SQL, sql } from "drizzle-orm";
import type { AdminListOrder } from "#contract/api/admin.ts";

/** A column, or an expression of the rows (a cast, an aggregate of a subquery). */
export type Expr = Column | SQL | SQL.Aliased;

/** One key a sort orders by: an expression of the rows that is never NULL (coalesce a nullable column) and its type. */
export type SortPart = { by: Expr; type: "text" | "int" | "bigint" | "date" | "timestamptz" | "bool" };
/**
 * A column a list sorts by: the keys it orders by, in the sort's direction, before the stable (created_at, id).
 * A sort by creation time itself is `[]`.
 */
export type SortColumn = readonly SortPart[];

/** A sort key of text: the usual kind. */
export const byText = (by: Expr): SortPart => ({ by, type: "text" });

/** The sort a request asked for: its name ("" for the list's own), direction and keys. */
export type Sort = { name: string; order: AdminListOrder; parts: SortColumn };

/** The stable order every sort of a list ends with: the creation time and the id, in the sort's direction. */
export type ListKeys = { createdAt: Expr; id: Expr };

/** The whole order of a sort: its keys, then (created_at, id), all in its direction. */
const sortKeys = (keys: ListKeys, sort: Sort) => [
  ...sort.parts.map((part) => part.by),
  keys.createdAt,
  keys.id,
];

/**
 * How a page is ordered: `by` for the select's `orderBy`, and `cursorSort` for the select (as `cursorSort`):
 * the row's sort values as text, which the next page's cursor carries.
 */
export type PageOrder = { by: SQL[]; cursorSort: SQL<string[] | null> };

export function pageOrder(keys: ListKeys, sort: Sort): PageOrder {
  const direction = sort.order === "asc" ? sql`asc` : sql`desc`;
  return {
    by: sortKeys(keys, sort).map((key) => sql`${key} ${direction}`),
    cursorSort:
      sort.parts.length > 0
        ? sql<string[]>`array[${sql.join(
            sort.parts.map((part) => sql`(${part.by})::text`),
            sql`, `,
          )}]`
        : sql<null>`null`,
  };
}

/**
 * The rows after a cursor in the sort's order: one row comparison over every key, all in the same direction, so
 * an index on the same keys answers it (the values are the cursor's, or placeholders for them).
 */
export function after(
  keys: ListKeys,
  sort: Sort,
  cursor: { v: readonly unknown[]; at: unknown; id: unknown },
) {
  const values = [
    ...sort.parts.map((part, i) => sql`${cursor.v[i]}::${sql.raw(part.type)}`),
    sql`${cursor.at}::timestamptz`,
    sql`${cursor.id}::uuid`,
  ];
  const operator = sort.order === "asc" ? sql`>` : sql`<`;
  return sql`(${sql.join(sortKeys(keys, sort), sql`, `)}) ${operator} (${sql.join(values, sql`, `)})`;
}
