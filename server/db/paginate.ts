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
import type { AdminListOrder, AdminListQuery } from "#contract/api/admin.ts";
import { ADMIN_LIST_TOTAL_CAP } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Database } from "./client.ts";

/** A page of an admin list, as every admin list answers. */
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

/** One key a sort orders by: an expression of the rows that is never NULL (coalesce a nullable column) and its type. */
export type SortPart = { by: Expr; type: "text" | "int" | "bigint" | "date" | "timestamptz" | "bool" };
/**
 * A column a list sorts by: the keys it orders by, in the sort's direction, before the stable (created_at, id).
 * A sort by creation time itself is `[]`.
 */
export type SortColumn = readonly SortPart[];

/** A sort key of text: the usual kind. */
export const byText = (by: Expr): SortPart => ({ by, type: "text" });

/**
 * Where a page ends, in the order it was read in: the sort (`s`, "" for the list's own order), its direction
 * (`o`) and the last row's keys — its sort values as text (`v`) and its creation time (`at`, keeping the
 * database's microseconds, which a JS Date would lose) and id.
 */
type Cursor = { s: string; o: AdminListOrder; v: string[]; at: string; id: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** A value the database reads back as the key's type: a tampered cursor is refused, not a database error. */
const validValue: Record<SortPart["type"], (value: string) => boolean> = {
  text: (value) => value.length <= 1_000,
  int: (value) => /^-?\d{1,10}$/.test(value),
  bigint: (value) => /^-?\d{1,19}$/.test(value),
  date: (value) => /^-?infinity$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value),
  timestamptz: (value) =>
    /^-?infinity$/.test(value) ||
    /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(value),
  bool: (value) => value === "true" || value === "false",
};

/**
 * A cursor of this list's page in this sort. A cursor without `s`, `o` or `v` (as they were before lists sorted)
 * is one of the list's own order, newest first.
 */
function decodeCursor(
  value: string,
  sort: { name: string; order: AdminListOrder; parts: SortColumn },
): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object" && "at" in parsed && "id" in parsed) {
      const { at, id } = parsed;
      const s = "s" in parsed ? parsed.s : "";
      const o = "o" in parsed ? parsed.o : "desc";
      const v = "v" in parsed ? parsed.v : [];
      if (
        typeof at === "string" &&
        typeof id === "string" &&
        !Number.isNaN(Date.parse(at)) &&
        /^[0-9a-f-]{36}$/i.test(id) &&
        s === sort.name &&
        o === sort.order &&
        Array.isArray(v) &&
        v.length === sort.parts.length &&
        v.every((item, i) => typeof item === "string" && validValue[sort.parts[i]?.type ?? "text"](item))
      ) {
        return { s, o: sort.order, v: v as string[], at, id };
      }
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

/** Search in a tagg as it is shown ("@bea") or as typed ("bea"): the term without its leading "@". */
export const taggSearch =
  (tagg: Expr): SearchCondition =>
  (term) => {
    const bare = term.replace(/^@/, "");
    return bare ? ilike(tagg, likePattern(bare)) : undefined;
  };

/**
 * A full name as the tables show it ("Bea Poster"), so a search for it finds the row; a trigram index on the
 * same expression answers it (migration 0023).
 */
export const fullName = (first: Expr, last: Expr) => sql<string>`(${first} || ' ' || ${last})`;

/** The exact created_at as text, for the cursor: select it as `cursorAt` in the rows of a page. */
export const cursorAt = (createdAt: Expr) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Keyed = { cursorAt: string; id: string; cursorSort?: string[] | null };

/**
 * How a page is ordered: `by` for the select's `orderBy`, and `cursorSort` for the select (as `cursorSort`):
 * the row's sort values as text, which the next page's cursor carries.
 */
export type PageOrder = { by: SQL[]; cursorSort: SQL<string[] | null> };

type PageSpec<Row> = {
  db: Database;
  /** The list's name, unique in the app: its unsearched pages run as prepared statements named after it. */
  name: string;
  query: AdminListQuery;
  /** The stable order every sort ends with: the creation time and the id, in the sort's direction. */
  keys: { createdAt: Expr; id: Expr };
  /**
   * The list's own order when no `sort` is asked for, before (created_at, id), highest first (the report queue's
   * triage); newest first when left out.
   */
  defaultSort?: SortColumn;
  /** The columns `sort` may name (the list's contract schema states the same names); none when left out. */
  sorts?: Readonly<Record<string, SortColumn>>;
  /**
   * Where a search looks: text columns or expressions (case-insensitive, anywhere in the value), or places with
   * a condition of their own (`SearchCondition`).
   */
  searchIn: (Expr | SearchCondition)[];
  /** Further conditions of the list's own filters (both the page and `total` respect them). */
  filter?: SQL;
  /**
   * The rows matching `where` in `order`, at most `limit`, each with `cursorAt` and `cursorSort` (a list without
   * sorts may leave `cursorSort` out and order by its keys, newest first).
   */
  rows: (where: SQL | undefined, limit: number | Placeholder, order: PageOrder) => PageQuery<(Row & Keyed)[]>;
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

/** The sort a request asked for: its name ("" for the list's own), direction and keys. */
type Sort = { name: string; order: AdminListOrder; parts: SortColumn };

function requestedSort(spec: PageSpec<unknown>): Sort {
  const { sort, order = "desc" } = spec.query;
  if (!sort) return { name: "", order, parts: spec.defaultSort ?? [] };
  const sorts = spec.sorts ?? {};
  const parts = Object.hasOwn(sorts, sort) ? sorts[sort] : undefined;
  if (!parts) throw new AppError("validation", "Unknown sort column", { sort: "Unknown sort column" });
  return { name: sort, order, parts };
}

/** The whole order of a sort: its keys, then (created_at, id), all in its direction. */
const sortKeys = (keys: PageSpec<unknown>["keys"], sort: Sort) => [
  ...sort.parts.map((part) => part.by),
  keys.createdAt,
  keys.id,
];

function pageOrder(keys: PageSpec<unknown>["keys"], sort: Sort): PageOrder {
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

/** How a page reads its rows and counts its matches. */
type PageReader<Row> = {
  rows: (search: SQL | undefined, cursor: Cursor | undefined, limit: number) => Promise<(Row & Keyed)[]>;
  count: (search: SQL | undefined, upTo: number) => Promise<number>;
};

/**
 * The rows after a cursor in the sort's order: one row comparison over every key, all in the same direction, so
 * an index on the same keys answers it (the values are the cursor's, or placeholders for them).
 */
function after(
  keys: PageSpec<unknown>["keys"],
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

/** Builds each page's SQL: the searched and filtered ones, whose shape changes with the request. */
const builtReader = <Row>({ keys, rows, countUpTo }: PageSpec<Row>, sort: Sort): PageReader<Row> => ({
  rows: async (search, cursor, limit) =>
    rows(and(search, cursor ? after(keys, sort, cursor) : undefined), limit, pageOrder(keys, sort)),
  count: async (search, upTo) => (await countUpTo(search, upTo))[0]?.n ?? 0,
});

/**
 * The unsearched, unfiltered pages of one sort — the first and any later one — as prepared statements made on
 * first use: no SQL is built per request and PostgreSQL plans each once per connection (the lists' most common
 * reads).
 */
function preparedReader<Row>({ name, keys, rows }: PageSpec<Row>, sort: Sort, total: Total): PageReader<Row> {
  const limit = sql.placeholder("limit");
  const order = pageOrder(keys, sort);
  const statement = `${name}_${sort.name || "default"}_${sort.order}`;
  const first = rows(undefined, limit, order).prepare(`${statement}_first_page`);
  const placeholders = sort.parts.map((_, i) => sql.placeholder(`v${i}`));
  const later = rows(
    after(keys, sort, { v: placeholders, at: sql.placeholder("at"), id: sql.placeholder("id") }),
    limit,
    order,
  ).prepare(`${statement}_later_page`);
  return {
    rows: (_search, cursor, limit) =>
      cursor
        ? later.execute({
            ...Object.fromEntries(cursor.v.map((value, i) => [`v${i}`, value])),
            at: cursor.at,
            id: cursor.id,
            limit,
          })
        : first.execute({ limit }),
    count: total,
  };
}

type Total = PageReader<unknown>["count"];

/** The unsearched count of a list, prepared once whatever the sort. */
function preparedTotal(spec: PageSpec<unknown>): Total {
  const total = spec.countUpTo(undefined, sql.placeholder("upTo")).prepare(`${spec.name}_total`);
  return async (_search, upTo) => (await total.execute({ upTo }))[0]?.n ?? 0;
}

const preparedReaders = new WeakMap<Database, Map<string, PageReader<unknown>>>();
const preparedTotals = new WeakMap<Database, Map<string, Total>>();

function unsearchedReader<Row>(spec: PageSpec<Row>, sort: Sort): PageReader<Row> {
  const totals = preparedTotals.get(spec.db) ?? new Map<string, Total>();
  preparedTotals.set(spec.db, totals);
  const total = totals.get(spec.name) ?? preparedTotal(spec as PageSpec<unknown>);
  totals.set(spec.name, total);
  const readers = preparedReaders.get(spec.db) ?? new Map<string, PageReader<unknown>>();
  preparedReaders.set(spec.db, readers);
  const key = `${spec.name} ${sort.name} ${sort.order}`;
  const reader = readers.get(key) ?? (preparedReader(spec, sort, total) as PageReader<unknown>);
  readers.set(key, reader);
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
 * The one way an admin list pages, sorts and searches on the server (STYLE 13): keyset paging on the sort's keys
 * and then (created_at, id), all in the sort's direction, so a cursor stays right while rows are added and
 * rows that tie on the sort still page in a fixed order. Without a sort a list runs newest first (after its
 * `defaultSort`, highest first, when it has one). `total` counts the whole filtered set up to
 * ADMIN_LIST_TOTAL_CAP; past it `total` is the cap and `totalCapped` says more match ("1,000+"), so neither a
 * million-row list nor a search matching most of it pays for an exact count (decision 024). The count runs only
 * when the page cannot tell it (a full page, or a later one). A cursor read in another sort or direction is
 * refused (decision 052).
 */
export async function paginate<Row>(spec: PageSpec<Row>): Promise<Page<Row>> {
  const { query, searchIn, filter } = spec;
  const sort = requestedSort(spec as PageSpec<unknown>);
  const search = and(query.search ? await searchCondition(searchIn, query.search) : undefined, filter);
  const reader = search ? builtReader(spec, sort) : unsearchedReader(spec, sort);
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
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
    items: page.map(({ cursorAt: _, cursorSort: __, ...item }) => item as Row),
    total: Math.min(matching, ADMIN_LIST_TOTAL_CAP),
    totalCapped: matching > ADMIN_LIST_TOTAL_CAP,
    nextCursor:
      found.length > query.limit && last
        ? encodeCursor({
            s: sort.name,
            o: sort.order,
            v: last.cursorSort ?? [],
            at: last.cursorAt,
            id: last.id,
          })
        : null,
  };
}
