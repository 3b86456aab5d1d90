import { ilike, or, type SQL, sql } from "drizzle-orm";
import type { Expr } from "./list-sort.ts";

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything starting with "50". */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

/** A row matches a search when the term occurs in any of the places; in none of them when it can occur nowhere. */
export async function searchCondition(places: (Expr | SearchCondition)[], term: string): Promise<SQL> {
  const pattern = likePattern(term);
  const conditions = await Promise.all(
    places.map((place) => (typeof place === "function" ? place(term, pattern) : ilike(place, pattern))),
  );
  return or(...conditions) ?? sql`false`;
}
