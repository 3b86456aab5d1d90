import {
  and,
  type Column,
  count,
  ilike,
  or,
  type Placeholder,
  type SQL,
  type Subquery,
  sql,
} from "drizzle-orm";
import type { AdminListQuery } from "#contract/api/admin.ts";
import { ADMIN_LIST_TOTAL_CAP } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Database } from "./client.ts";

/** A page of an admin list, as every admin list answers. */
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

/**
 * Where a page ends: the last row's keys. `at` keeps the database's microseconds, which a JS Date would lose;
 * `rank` is there when the list orders by one.
 */
type Cursor = { rank?: number; at: string; id: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** A cursor of this list: a rank exactly when the list orders by one. */
function decodeCursor(value: string, ranked: boolean): Cursor {
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
      if (!ranked) return { at: parsed.at, id: parsed.id };
      const rank = "rank" in parsed ? parsed.rank : undefined;
      if (typeof rank === "number" && Number.isSafeInteger(rank))
        return { rank, at: parsed.at, id: parsed.id };
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

/** A select that can be awaited or prepared: drizzle's select builder. */
type PageQuery<T> = PromiseLike<T> & {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
};

/**
 * A place a search looks that needs its own condition rather than `ILIKE '%term%'` on a column — one an index
 * can answer (a key range, a list of ids). Given the trimmed term and its ILIKE pattern, it answers the
 * condition, or undefined when the term cannot occur there (so the search skips that place).
 */
export type SearchCondition = (term: string, pattern: string) => SQL | undefined | Promise<SQL | undefined>;

/** The exact created_at as text, for the cursor: select it as `cursorAt` in the rows of a page. */
export const cursorAt = (createdAt: Expr) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Keyed = { cursorAt: string; id: string; cursorRank?: number };

type PageSpec<Row> = {
  db: Database;
  /** The list's name, unique in the app: its unsearched pages run as prepared statements named after it. */
  name: string;
  query: AdminListQuery;
  /**
   * The list's stable order, newest first: its creation time and its id — after an integer `rank`, highest first,
   * when the list orders by one (the report queue's counted reports), which its rows then select as `cursorRank`.
   */
  keys: { rank?: Expr; createdAt: Expr; id: Expr };
  /**
   * Where a search looks: text columns or expressions (case-insensitive, anywhere in the value), or places with
   * a condition of their own (`SearchCondition`).
   */
  searchIn: (Expr | SearchCondition)[];
  /** Further conditions of the list's own filters (both the page and `total` respect them). */
  filter?: SQL;
  /** The rows matching `where`, ordered by `keys` descending, at most `limit`, each with `cursorAt`. */
  rows: (where: SQL | undefined, limit: number | Placeholder) => PageQuery<(Row & Keyed)[]>;
  /**
   * How many rows match `where`, counting no further than `upTo` (see `countRows`): an exact count of a
   * million rows costs more than the page it sits beside.
   */
  countUpTo: (where: SQL | undefined, upTo: number | Placeholder) => PageQuery<{ n: number }[]>;
};

/**
 * `select count(*) from (<matches> limit upTo)`: the count stops after `upTo` rows. Pass the matching rows as a
 * subquery selecting as little as possible, e.g.
 * `countRows(db, db.select({ one: sql\`1\` }).from(t).where(where).limit(upTo).as("matches"))`.
 */
export function countRows(db: Database, matches: Subquery) {
  return db.select({ n: count() }).from(matches);
}

/** How a page reads its rows and counts its matches. */
type PageReader<Row> = {
  rows: (search: SQL | undefined, cursor: Cursor | undefined, limit: number) => Promise<(Row & Keyed)[]>;
  count: (search: SQL | undefined, upTo: number) => Promise<number>;
};

/** The rows after a cursor in the list's order (the values are the cursor's, or placeholders for them). */
function after(keys: PageSpec<unknown>["keys"], cursor: { rank?: unknown; at: unknown; id: unknown }) {
  return keys.rank
    ? sql`(${keys.rank}, ${keys.createdAt}, ${keys.id}) < (${cursor.rank}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${keys.createdAt}, ${keys.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Builds each page's SQL: the searched and filtered ones, whose shape changes with the request. */
const builtReader = <Row>({ keys, rows, countUpTo }: PageSpec<Row>): PageReader<Row> => ({
  rows: async (search, cursor, limit) => rows(and(search, cursor ? after(keys, cursor) : undefined), limit),
  count: async (search, upTo) => (await countUpTo(search, upTo))[0]?.n ?? 0,
});

/**
 * The unsearched, unfiltered pages — the first and any later one — as prepared statements made on first use:
 * no SQL is built per request and PostgreSQL plans each once per connection (the lists' most common reads).
 */
function preparedReader<Row>({ name, keys, rows, countUpTo }: PageSpec<Row>): PageReader<Row> {
  const limit = sql.placeholder("limit");
  const first = rows(undefined, limit).prepare(`${name}_first_page`);
  const later = rows(
    after(keys, { rank: sql.placeholder("rank"), at: sql.placeholder("at"), id: sql.placeholder("id") }),
    limit,
  ).prepare(`${name}_later_page`);
  const total = countUpTo(undefined, sql.placeholder("upTo")).prepare(`${name}_total`);
  return {
    rows: (_search, cursor, limit) =>
      cursor ? later.execute({ ...cursor, limit }) : first.execute({ limit }),
    count: async (_search, upTo) => (await total.execute({ upTo }))[0]?.n ?? 0,
  };
}

const preparedReaders = new WeakMap<Database, Map<string, PageReader<unknown>>>();

function unsearchedReader<Row>(spec: PageSpec<Row>): PageReader<Row> {
  const readers = preparedReaders.get(spec.db) ?? new Map<string, PageReader<unknown>>();
  preparedReaders.set(spec.db, readers);
  const reader = readers.get(spec.name) ?? (preparedReader(spec) as PageReader<unknown>);
  readers.set(spec.name, reader);
  return reader as PageReader<Row>;
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
 * newest first (after a rank, highest first, for a list that has one), so a cursor stays right while rows are
 * added. `total` counts the whole filtered set up to ADMIN_LIST_TOTAL_CAP; past it `total` is the cap and
 * `totalCapped` says more match ("1,000+"), so neither a million-row list nor a search matching most of it pays
 * for an exact count (decision 024). The count runs only when the page cannot tell it (a full page, or a later
 * one).
 */
export async function paginate<Row>(spec: PageSpec<Row>): Promise<Page<Row>> {
  const { query, searchIn, filter } = spec;
  const search = and(query.search ? await searchCondition(searchIn, query.search) : undefined, filter);
  const reader = search ? builtReader(spec) : unsearchedReader(spec);
  const cursor = query.cursor ? decodeCursor(query.cursor, spec.keys.rank !== undefined) : undefined;
  const found = await reader.rows(search, cursor, query.limit + 1);
  // A first page that holds every match has counted them: a narrow search (the usual kind) then costs one
  // query, not the same index scan twice.
  const matching =
    !cursor && found.length <= query.limit
      ? found.length
      : await reader.count(search, ADMIN_LIST_TOTAL_CAP + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _, cursorRank: __, ...item }) => item as Row),
    total: Math.min(matching, ADMIN_LIST_TOTAL_CAP),
    totalCapped: matching > ADMIN_LIST_TOTAL_CAP,
    nextCursor:
      found.length > query.limit && last
        ? encodeCursor({ rank: last.cursorRank, at: last.cursorAt, id: last.id })
        : null,
  };
}
