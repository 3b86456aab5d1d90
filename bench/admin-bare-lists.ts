// The admin lists as bench/admin-bare-server.ts answers them: for each, the SQL the app runs — its select and
// count, its sorts, its search (the same places, the same index-friendly conditions) and its filters.
import type pg from "pg";

/** Escapes LIKE's wildcards, as the app does. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const CURSOR_AT = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

/** A sort of a list: its keys (SQL expressions) and their types, before (created_at, id). */
export type Sort = { keys: string[]; types: string[] };
export const text = (...keys: string[]): Sort => ({ keys, types: keys.map(() => "text") });

export type List = {
  /** select … from … (joins included), without where. */
  select: string;
  /** The sorts `sort=` may name, as the app declares them. */
  sorts: Record<string, Sort>;
  /** select … from … for the count, without where. */
  countFrom: string;
  createdAt: string;
  id: string;
  /** The search condition; `param` adds a parameter and answers its placeholder. */
  search: (term: string, pattern: string, param: (value: unknown) => string) => Promise<string>;
  /** The list's own filters (the audit log's actor and action), as conditions. */
  filter?: (params: URLSearchParams, param: (value: unknown) => string) => string[];
};

/**
 * As the app's audit log search (decision 055): one trigram-indexed text of the actor's full name, the action,
 * the target type and a non-uuid target id; a uuid target id matched whole, also among a cleanup run's ids.
 */
const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const AUDIT_TEXT = `(a.actor_first_name || ' ' || a.actor_last_name || E'\\n' || a.action || E'\\n' || a.target_type
  || case when a.target_id ~ '${UUID_PATTERN}' then '' else E'\\n' || a.target_id end)`;
async function auditSearch(term: string, pattern: string, param: (v: unknown) => string) {
  const places = [`${AUDIT_TEXT} ilike ${param(pattern)}`];
  if (new RegExp(UUID_PATTERN, "i").test(term)) {
    const id = term.toLowerCase();
    places.push(`a.target_id = ${param(id)}`);
    // …and a cleanup run listing it among the ids it deleted.
    places.push(
      `(a.action = 'cleanup.run' and (a.summary -> 'after' -> 'ids') @> ${param(JSON.stringify([id]))}::jsonb)`,
    );
  }
  return `(${places.join(" or ")})`;
}

/**
 * As the app's people search: the tagg without a leading "@", the full name as shown, then other columns; ILIKE
 * on each, the pattern passed once per place as the app's query builder does.
 */
const peopleSearch =
  (alias: string, columns: string[]) =>
  async (term: string, pattern: string, param: (v: unknown) => string) => {
    const places: string[] = [];
    const bare = term.replace(/^@/, "");
    if (bare) places.push(`${alias}.tagg ilike ${param(likePattern(bare))}`);
    places.push(`(${alias}.first_name || ' ' || ${alias}.last_name) ilike ${param(pattern)}`);
    for (const column of columns) places.push(`${column} ilike ${param(pattern)}`);
    return `(${places.join(" or ")})`;
  };

/** The lists by path, their owner search on `pool`. */
export function bareLists(pool: pg.Pool): Record<string, List> {
  const UUID_TEMPLATE = "00000000-0000-0000-0000-000000000000";
  const OWNER_LIST_MAX = 1_000;

  /** The Tagged posts search: id prefix as a key range, owner tagg, post name, UTC creation day (as the app). */
  async function postsSearch(term: string, pattern: string, param: (v: unknown) => string) {
    const places: string[] = [];
    const start = term.toLowerCase();
    if (
      [...start].every((c, i) =>
        UUID_TEMPLATE[i] === "-" ? c === "-" : i < UUID_TEMPLATE.length && /[0-9a-f]/.test(c),
      )
    ) {
      const rest = UUID_TEMPLATE.slice(start.length);
      places.push(`t.id between ${param(start + rest)} and ${param(start + rest.replaceAll("0", "f"))}`);
    }
    const tagg = term.replace(/^@/, "");
    if (/^[a-z0-9_]+$/i.test(tagg)) {
      const taggPattern = `%${tagg.replaceAll("_", "\\_")}%`;
      const owners = await pool.query("select id from profiles where tagg ilike $1 limit $2", [
        taggPattern,
        OWNER_LIST_MAX + 1,
      ]);
      if (owners.rows.length > OWNER_LIST_MAX) places.push(`p.tagg ilike ${param(taggPattern)}`);
      else if (owners.rows.length > 0) {
        places.push(`t.user_id in (${owners.rows.map((row) => param(row.id)).join(", ")})`);
      }
    }
    places.push(`t.post_name ilike ${param(pattern)}`);
    if (/^[0-9-]+$/.test(term)) {
      const text = `to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') ilike ${param(pattern)}`;
      const named = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(term);
      if (!named) places.push(text);
      else {
        const [y, m, d] = [Number(named[1]), Number(named[2] ?? 0), Number(named[3] ?? 0)];
        const from = new Date(Date.UTC(y, m ? m - 1 : 0, d || 1));
        const until = new Date(Date.UTC(y + (m ? 0 : 1), m ? m - 1 + (d ? 0 : 1) : 0, d ? d + 1 : 1));
        if (from.toISOString().startsWith(named[0])) {
          places.push(`(t.created_at >= ${param(from)} and t.created_at < ${param(until)} and ${text})`);
        }
      }
    }
    return `(${places.join(" or ")})`;
  }

  return {
    "/api/admin/audit-log": {
      select: `select a.id, a.created_at, a.actor_id, a.actor_first_name, a.actor_last_name, a.action, a.target_type,
        a.target_id, a.summary, ${CURSOR_AT("a.created_at")}
      from admin_audit_log a`,
      countFrom: "select 1 from admin_audit_log a",
      createdAt: "a.created_at",
      id: "a.id",
      sorts: {
        createdAt: text(),
        action: text("a.action"),
        actor: text("a.actor_last_name", "a.actor_first_name"),
      },
      search: auditSearch,
      filter: (params, param) => [
        ...(params.get("actorId") ? [`a.actor_id = ${param(params.get("actorId"))}`] : []),
        ...(params.get("action") ? [`a.action = ${param(params.get("action"))}`] : []),
      ],
    },
    "/api/admin/taggs": {
      select: `select t.id, t.tagg, t.first_name, t.last_name, t.email, t.reason, t.is_hidden, t.created_at,
        p.subscription_status, ${CURSOR_AT("t.created_at")}
      from taggs t left join profiles p on p.tagg = t.tagg`,
      countFrom: "select 1 from taggs t",
      createdAt: "t.created_at",
      id: "t.id",
      sorts: {
        createdAt: text(),
        tagg: text("t.tagg"),
        firstName: text("t.first_name", "t.last_name"),
        lastName: text("t.last_name", "t.first_name"),
        email: text("t.email"),
      },
      search: peopleSearch("t", ["t.email", "t.reason"]),
    },
    "/api/admin/profiles": {
      select: `select p.id, p.tagg, p.first_name, p.last_name, p.email, p.bio, p.ip_address, p.subscription_status,
        p.last_active, p.email_verified, p.created_at, ${CURSOR_AT("p.created_at")}
      from profiles p`,
      countFrom: "select 1 from profiles p",
      createdAt: "p.created_at",
      id: "p.id",
      sorts: {
        createdAt: text(),
        tagg: text("coalesce(p.tagg, '')"),
        displayName: text("p.first_name", "p.last_name"),
        lastName: text("p.last_name", "p.first_name"),
        email: text("p.email"),
        lastActive: { keys: ["coalesce(p.last_active, '-infinity'::date)"], types: ["date"] },
      },
      search: peopleSearch("p", ["p.email", "p.bio"]),
    },
    "/api/admin/tagged-posts": {
      select: `select t.id, t.post_name, t.original_image, t.scrambled_image, t.scramble_image,
        t.hide_personal_info, t.is_visible and not t.held_for_review as is_visible, t.created_at,
        p.tagg as user_tagg, p.email as user_email,
        (select count(*)::int from post_reports r where r.post_id = t.id) as report_count,
        ${CURSOR_AT("t.created_at")}
      from tagged_posts t join profiles p on p.id = t.user_id`,
      countFrom: "select 1 from tagged_posts t join profiles p on p.id = t.user_id",
      createdAt: "t.created_at",
      id: "t.id",
      sorts: { createdAt: text(), postName: text("t.post_name") },
      search: postsSearch,
    },
  };
}
