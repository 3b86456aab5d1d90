// The SQL of the two hot endpoints, as the app runs it, for the bare baselines of bench/api
// (bench/bare-server.ts on PostgreSQL, bench/bare-pglite-server.ts on PGlite).
export const SESSION_SQL = `select p.id from sessions s join profiles p on p.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;
export const FINGERPRINT_SQL = `select count(*)::int as n, max(created_at) as latest,
    (select count(*) || '.' || count(*) filter (where scramble_image) from tagged_posts where user_id = $1) as posts
  from search_analytics where target_user_id = $1`;
export const LIST_SQL = `select a.id, a.post_id, a.post_name, a.visitor_name, a.visitor_id, v.tagg as visitor_tagg,
    v.profile_picture_url as visitor_picture, a.search_term, a.action, a.created_at,
    t.original_image, t.scrambled_image, t.scramble_image
  from search_analytics a left join tagged_posts t on t.id = a.post_id left join profiles v on v.id = a.visitor_id
  where a.target_user_id = $1 order by a.created_at desc, a.id desc limit 500`;
const FINDABLE = `t.is_visible and not o.is_hidden
  and not exists (select 1 from taggs g where g.tagg = o.tagg and g.is_hidden)`;
export const SEARCH_NAME_SQL = `select t.*, o.tagg, o.first_name, o.last_name, o.profile_picture_url
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and lower(btrim(t.post_name)) = $1 limit 50`;
export const SEARCH_TAGG_SQL = `select t.*, o.tagg, o.first_name, o.last_name, o.profile_picture_url
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and o.tagg = $1
  order by t.created_at desc limit 50`;
