import { and, count, type Placeholder, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AdminListQuery } from "#contract/api/admin.ts";
import { ADMIN_LIST_TOTAL_CAP } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Database } from "./client.ts";
import { type SearchCondition, searchCondition } from "./list-search.ts";
import {
  after,
  type Expr,
  type ListKeys,
  type PageOrder,
  pageOrder,
  type Sort,
  type SortColumn,
} from "./list-sort.ts";
import { type Cursor, decodeCursor, encodeCursor } from "./page-cursor.ts";

/** A page of an admin list, as every admin list answers. */
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; nextCursor: string | null };

/** A select that can be awaited or prepared: drizzle's select builder. */
type PageQuery<T> = PromiseLike<T> & {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
};

/** The exact created_at as text, for the cursor: select it as `cursorAt` in the rows of a page. */
export const cursorAt = (createdAt: Expr) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Keyed = { cursorAt: string; id: string; cursorSort?: string[] | null };

type PageSpec<Row> = {
  db: Database;
  /** The list's name, unique in the app: its unsearched pages run as prepared statements named after it. */
  name: string;
  query: AdminListQuery;
  /** The stable order every sort ends with: the creation time and the id, in the sort's direction. */
  keys: ListKeys;
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

function requestedSort(spec: PageSpec<unknown>): Sort {
  const { sort, order = "desc" } = spec.query;
  if (!sort) return { name: "", order, parts: spec.defaultSort ?? [] };
  const sorts = spec.sorts ?? {};
  const parts = Object.hasOwn(sorts, sort) ? sorts[sort] : undefined;
  if (!parts) throw new AppError("validation", "Unknown sort column", { sort: "Unknown sort column" });
  return { name: sort, order, parts };
}

/** How a page reads its rows and counts its matches. */
type PageReader<Row> = {
  rows: (search: SQL | undefined, cursor: Cursor | undefined, limit: number) => Promise<(Row & Keyed)[]>;
  count: (search: SQL | undefined, upTo: number) => Promise<number>;
};

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

/**
 * The one way an admin list pages, sorts and searches on the server: keyset paging on the sort's keys
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
