import { and, between, gte, ilike, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { SearchCondition } from "#server/db/list-search.ts";
import { profiles, taggedPosts } from "#server/db/schema/index.ts";

/** The UTC creation day as text ("2026-11-23"), so an admin search for a date (or a month) finds its posts. */
const createdDay = sql`to_char(${taggedPosts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

const UUID_TEMPLATE = "00000000-0000-0000-0000-000000000000";

/**
 * Admin search, post id: the ids that start with the term (how an id is pasted or typed), as a range of the
 * primary key. A term that is not the start of an id's text form matches none.
 */
export const postIdStarts: SearchCondition = (term) => {
  const start = term.toLowerCase();
  const shaped = [...start].every((c, i) =>
    UUID_TEMPLATE[i] === "-" ? c === "-" : i < UUID_TEMPLATE.length && /[0-9a-f]/.test(c),
  );
  if (!shaped) return undefined;
  const low = start + UUID_TEMPLATE.slice(start.length);
  const high = start + UUID_TEMPLATE.slice(start.length).replaceAll("0", "f");
  return between(taggedPosts.id, low, high);
};

/** Owners found by a tagg search up to which the list asks for their posts by id (else it joins on the tagg). */
const OWNER_LIST_MAX = 1_000;

/**
 * Admin search, the owner's tagg, with or without its "@". A few owners match: their posts by owner id (the
 * owner index answers it). Many match: the join's tagg column, which the newest-first scan checks as it goes and
 * soon fills a page with. A term a tagg cannot contain matches none.
 */
export const ownerTaggSearch =
  (db: Database): SearchCondition =>
  async (typed) => {
    // A tagg as the tables show it ("@bea") or as typed ("bea").
    const term = typed.replace(/^@/, "");
    if (!/^[a-z0-9_]+$/i.test(term)) return undefined;
    const pattern = `%${term.replaceAll("_", "\\_")}%`;
    const owners = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(ilike(profiles.tagg, pattern))
      .limit(OWNER_LIST_MAX + 1);
    if (owners.length === 0) return undefined;
    if (owners.length > OWNER_LIST_MAX) return ilike(profiles.tagg, pattern);
    return inArray(
      taggedPosts.userId,
      owners.map((owner) => owner.id),
    );
  };

/**
 * Admin search, the UTC creation day as "YYYY-MM-DD". Only digits and dashes can occur in it. A term starting
 * with a year can only be the start of the day (four digits in a row occur nowhere else), so the year, month or
 * day it names bounds created_at and the index narrows the rows; the text comparison keeps the match exact.
 */
export const createdDaySearch: SearchCondition = (term, pattern) => {
  if (!/^[0-9-]+$/.test(term)) return undefined;
  const text = sql`${createdDay} ilike ${pattern}`;
  const named = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(term);
  if (!named) return text;
  const [year, month, day] = [Number(named[1]), named[2] && Number(named[2]), named[3] && Number(named[3])];
  const from = new Date(Date.UTC(year, month ? month - 1 : 0, day || 1));
  const until = new Date(
    Date.UTC(year + (month ? 0 : 1), month ? month - 1 + (day ? 0 : 1) : 0, day ? day + 1 : 1),
  );
  // "2026-13" or "2026-02-30" names no day: nothing matches.
  if (!from.toISOString().startsWith(named[0])) return undefined;
  return and(gte(taggedPosts.createdAt, from), lt(taggedPosts.createdAt, until), text);
};
