// The SQL of the two hot endpoints, as the app runs it, for the bare baselines of bench/api
// (bench/api-bare-server.ts on PostgreSQL, bench/api-bare-pglite-server.ts on PGlite).
export const SESSION_SQL = `select p.id from sessions s join profiles p on p.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;
export const FINGERPRINT_SQL = `select count(*)::int as n, max(created_at) as latest,
    (select count(*) || '.' || count(*) filter (where scramble_image) from tagged_posts where user_id = $1) as posts
  from search_analytics where target_user_id = $1`;
export const LIST_SQL = `select a.id, a.post_id, a.post_name, a.visitor_name, a.visitor_id, v.tagg as visitor_tagg,
    v.profile_picture_url as visitor_picture, a.search_term, a.action, a.created_at,
    t.original_image, t.scrambled_image, t.scramble_image
  from search_analytics a left join tagged_posts t on t.id = a.post_id left join profiles v on v.id = a.visitor_id
  where a.target_user_id = $1
  and not exists (select 1 from blocks b where b.blocker_id = a.target_user_id and b.blocked_id = a.visitor_id)
  order by a.created_at desc, a.id desc limit 500`;
const FINDABLE = `t.is_visible and not t.held_for_review and not o.is_hidden
  and not exists (select 1 from taggs g where g.tagg = o.tagg and g.is_hidden)`;
// Whether the owner blocked the visitor, beside each row (an anonymous visitor is recorded all the same). The
// baselines search as a visitor without a sign-in, whom no owner can have blocked: the app's id for them.
const FOUND = `t.*, o.tagg, o.first_name, o.last_name, o.profile_picture_url,
  exists (select 1 from blocks b where b.blocked_id = '00000000-0000-0000-0000-000000000000' and b.blocker_id = o.id)`;
export const SEARCH_NAME_SQL = `select ${FOUND}
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and lower(btrim(t.post_name)) = $1 limit 50`;
export const SEARCH_TAGG_SQL = `select ${FOUND}
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and o.tagg = $1
  order by t.created_at desc limit 50`;

// Creating a post: the member's own upload, the name's uniqueness, the row (posts.service create).
export const OWNED_UPLOAD_SQL = `select * from uploads
  where user_id = $1 and original_path = $2 and scrambled_path = $3 limit 1`;
export const NAME_TAKEN_SQL = `select lower(btrim(post_name)) as key from tagged_posts
  where lower(btrim(post_name)) = any($1::text[])`;
export const INSERT_POST_SQL = `insert into tagged_posts
    (user_id, post_name, original_image, scrambled_image, thumbnail_image, hide_personal_info, scramble_image, comment, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;

// The public search records itself for the owners of what it found (as the app's search service does): the
// 5-second repeat check of this visitor (in memory), then one held anonymous event per owner, timed at its
// bucket's start (an hour, the default release window) and released after it.
export const RECORD_SQL = `insert into anonymous_activity_pending
    (target_user_id, post_id, post_name, pseudonym, guest, action, search_term, bucket_start, window_minutes, release_at)
  select owner, post, name, encode(sha256((owner::text || $2)::bytea), 'hex'), true, 'search', $3,
    date_trunc('hour', now()), 60, date_trunc('hour', now()) + interval '1 hour' + random() * interval '30 minutes'
  from unnest($1::uuid[], $4::uuid[], $5::text[]) as found(owner, post, name)`;

const DUPLICATE_WINDOW_MS = 5_000;
const recent = new Map<string, number>();

type Query = (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** Records an anonymous visitor's search of `term` for the owners of `rows`, unless it repeats within 5 s. */
export async function recordSearch(query: Query, visitor: string, term: string, rows: unknown[]) {
  if (term.length < 3 || rows.length === 0) return;
  const key = `${visitor}\n${term}`;
  const now = Date.now();
  if ((recent.get(key) ?? 0) > now) return;
  if (recent.size > 100_000) recent.clear();
  recent.set(key, now + DUPLICATE_WINDOW_MS);
  const { owners, posts, names } = foundByOwner(rows as { user_id: string; id: string; post_name: string }[]);
  await query(RECORD_SQL, [owners, visitor, term, posts, names]);
}

/** The owners of `rows` (one event each, on their first found post) as RECORD_SQL's arrays. */
function foundByOwner(rows: { user_id: string; id: string; post_name: string }[]) {
  const first = new Map<string, { id: string; post_name: string }>();
  for (const row of rows) if (!first.has(row.user_id)) first.set(row.user_id, row);
  return {
    owners: [...first.keys()],
    posts: [...first.values()].map((row) => row.id),
    names: [...first.values()].map((row) => row.post_name),
  };
}
