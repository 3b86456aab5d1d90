import { and, type Column, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminListQuery } from "#contract/api/admin.ts";
import { AppError } from "#server/lib/app-error.ts";

/** A page of an admin list, as every admin list answers. */
export type Page<T> = { items: T[]; total: number; nextCursor: string | null };

/** Where a page ends: the last row's keys. `at` keeps the database's microseconds, which a JS Date would lose. */
type Cursor = { at: string; id: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      parsed &&
      typeof parsed === "object" &&
      "at" in parsed &&
      "id" in parsed &&
      typeof parsed.at === "string" &&
      typeof parsed.id === "string" &&
      !Number.isNaN(Date.parse(parsed.at)) &&
      /^[0-9a-f-]{36}$/i.test(parsed.id)
    ) {
      return { at: parsed.at, id: parsed.id };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError("validation", "Invalid cursor", { cursor: "Invalid cursor" });
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything starting with "50". */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A column, or an expression of the rows (a cast, an aggregate of a subquery). */
type Expr = Column | SQL | SQL.Aliased;

/** The exact created_at as text, for the cursor: select it as `cursorAt` in the rows of a page. */
export const cursorAt = (createdAt: Expr) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type PageSpec<Row> = {
  query: AdminListQuery;
  /** The list's stable order, newest first: its creation time and its id. */
  keys: { createdAt: Expr; id: Expr };
  /** The text columns (or text expressions) a search looks in (case-insensitive, anywhere in the value). */
  searchIn: Expr[];
  /** Further conditions of the list's own filters (both the page and `total` respect them). */
  filter?: SQL;
  /** The rows matching `where`, ordered by `keys` descending, at most `limit`, each with `cursorAt`. */
  rows: (where: SQL | undefined, limit: number) => Promise<(Row & { cursorAt: string; id: string })[]>;
  /** How many rows match `where`. */
  count: (where: SQL | undefined) => Promise<number>;
};

/**
 * The one way an admin list pages and searches on the server (STYLE 13): keyset paging on (created_at, id),
 * newest first, so a cursor stays right while rows are added; `total` counts the whole filtered set.
 */
export async function paginate<Row>({
  query,
  keys,
  searchIn,
  filter,
  rows,
  count,
}: PageSpec<Row>): Promise<Page<Row>> {
  const search = and(
    query.search
      ? or(...searchIn.map((column) => ilike(column, likePattern(query.search ?? ""))))
      : undefined,
    filter,
  );
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const after = cursor
    ? sql`(${keys.createdAt}, ${keys.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const [found, total] = await Promise.all([rows(and(search, after), query.limit + 1), count(search)]);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _, ...item }) => item as Row),
    total,
    nextCursor: found.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
