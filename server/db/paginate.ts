import { and, type Column, count, ilike, or, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AdminListQuery } from "#contract/api/admin.ts";
import { ADMIN_LIST_TOTAL_CAP } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Database } from "./client.ts";

/** A page of an admin list, as every admin list answers. */
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

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

/**
 * A place a search looks that needs its own condition rather than `ILIKE '%term%'` on a column — one an index
 * can answer (a key range, a list of ids). Given the trimmed term and its ILIKE pattern, it answers the
 * condition, or undefined when the term cannot occur there (so the search skips that place).
 */
export type SearchCondition = (term: string, pattern: string) => SQL | undefined | Promise<SQL | undefined>;

/** The exact created_at as text, for the cursor: select it as `cursorAt` in the rows of a page. */
export const cursorAt = (createdAt: Expr) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type PageSpec<Row> = {
  query: AdminListQuery;
  /** The list's stable order, newest first: its creation time and its id. */
  keys: { createdAt: Expr; id: Expr };
  /**
   * Where a search looks: text columns or expressions (case-insensitive, anywhere in the value), or places with
   * a condition of their own (`SearchCondition`).
   */
  searchIn: (Expr | SearchCondition)[];
  /** Further conditions of the list's own filters (both the page and `total` respect them). */
  filter?: SQL;
  /** The rows matching `where`, ordered by `keys` descending, at most `limit`, each with `cursorAt`. */
  rows: (where: SQL | undefined, limit: number) => Promise<(Row & { cursorAt: string; id: string })[]>;
  /**
   * How many rows match `where`, counting no further than `upTo` (see `countRows`): an exact count of a
   * million rows costs more than the page it sits beside.
   */
  countUpTo: (where: SQL | undefined, upTo: number) => Promise<number>;
};

/**
 * `select count(*) from (<matches> limit upTo)`: the count stops after `upTo` rows. Pass the matching rows as a
 * subquery selecting as little as possible, e.g.
 * `countRows(db, db.select({ one: sql\`1\` }).from(t).where(where).limit(upTo).as("matches"))`.
 */
export async function countRows(db: Database, matches: Subquery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/** A row matches a search when the term occurs in any of the places; in none of them when it can occur nowhere. */
async function searchCondition(places: (Expr | SearchCondition)[], term: string): Promise<SQL> {
  const pattern = likePattern(term);
  const conditions = await Promise.all(
    places.map((place) => (typeof place === "function" ? place(term, pattern) : ilike(place, pattern))),
  );
  return or(...conditions) ?? sql`false`;
}

/**
 * The one way an admin list pages and searches on the server (STYLE 13): keyset paging on (created_at, id),
 * newest first, so a cursor stays right while rows are added. `total` counts the whole filtered set up to
 * ADMIN_LIST_TOTAL_CAP; past it `total` is the cap and `totalCapped` says more match ("1,000+"), so neither a
 * million-row list nor a search matching most of it pays for an exact count (decision 024). The count runs only
 * when the page cannot tell it (a full page, or a later one).
 */
export async function paginate<Row>({
  query,
  keys,
  searchIn,
  filter,
  rows,
  countUpTo: countMatches,
}: PageSpec<Row>): Promise<Page<Row>> {
  const search = and(query.search ? await searchCondition(searchIn, query.search) : undefined, filter);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const after = cursor
    ? sql`(${keys.createdAt}, ${keys.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const found = await rows(and(search, after), query.limit + 1);
  // A first page that holds every match has counted them: a narrow search (the usual kind) then costs one
  // query, not the same index scan twice.
  const matching =
    !cursor && found.length <= query.limit
      ? found.length
      : await countMatches(search, ADMIN_LIST_TOTAL_CAP + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _, ...item }) => item as Row),
    total: Math.min(matching, ADMIN_LIST_TOTAL_CAP),
    totalCapped: matching > ADMIN_LIST_TOTAL_CAP,
    nextCursor: found.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
