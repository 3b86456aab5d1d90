// The bench data set, inserted with generate_series inside the database (fast), on PostgreSQL or PGlite.
// Every member i has e-mail member<i>@bench.tagit, tagg member_<i>, and a live session whose token is
// "bench-token-<i>"; post j is named "bench post <j>". Member i registered i minutes ago, has a short bio and was
// last active some time in the past 140 days, and one upload no post uses yet (/uploads/<md5('upload' || i)>.jpg,
// its scrambled copy and thumbnail beside it: rows only, for bench:api's create-post scenario). One administrator (bench-admin@bench.tagit, role admin, verified,
// password "bench-password") has the member session "bench-admin-token" and the admin session "bench-admin-session"
// (the `x-admin-session` header) for bench/admin.ts.

/** What both pg.Client and PGlite offer. */
type Client = {
  query(sql: string, params?: unknown[]): Promise<{ affectedRows?: number; rowCount?: number | null }>;
};

async function timed(label: string, client: Client, sql: string, params: unknown[] = []) {
  const start = performance.now();
  const result = await client.query(sql, params);
  console.log(
    `${label.padEnd(28)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s  ${result.rowCount ?? result.affectedRows ?? ""}`,
  );
}

/** How many members (members 1 to this) blocked 1,000 others each. */
export const blockingMembers = (members: number) => Math.min(100, Math.floor(members / 10));

export async function seedBenchData(
  client: Client,
  { members, posts, events }: { members: number; posts: number; events: number },
) {
  // One real argon2 hash for every bench member (password "bench-password"), computed once.
  const { hashPassword } = await import("#server/lib/passwords.ts");
  const passwordHash = await hashPassword("bench-password");

  await timed(
    "taggs",
    client,
    `INSERT INTO taggs (tagg, first_name, last_name, email, reason, created_at)
    SELECT 'member_' || i, 'First' || i, 'Last' || i, 'member' || i || '@bench.tagit',
           CASE WHEN i % 4 = 0 THEN 'Reserved for creator ' || i END, now() - (i || ' minutes')::interval
    FROM generate_series(1, $1::int) i`,
    [members],
  );
  await timed(
    "profiles",
    client,
    `INSERT INTO profiles
      (id, first_name, last_name, email, tagg, password_hash, privacy_mode, bio, email_verified, last_active, created_at)
    SELECT md5('member' || i)::uuid, 'First' || i, 'Last' || i, 'member' || i || '@bench.tagit', 'member_' || i, $2,
           CASE WHEN i % 10 = 0 THEN 'hide' ELSE 'show' END,
           CASE WHEN i % 3 <> 0 THEN (ARRAY['Photographer', 'Traveller', 'Designer', 'Street artist', 'Coffee lover'])[1 + i % 5]
             || ' from city ' || (i % 997) || ', member ' || i END,
           true, now() - ((i::bigint * 7919) % 201600 || ' minutes')::interval, now() - (i || ' minutes')::interval
    FROM generate_series(1, $1::int) i`,
    [members, passwordHash],
  );
  await timed(
    "sessions",
    client,
    `INSERT INTO sessions (token_hash, user_id, expires_at)
    SELECT encode(sha256(convert_to('bench-token-' || i, 'UTF8')), 'hex'), md5('member' || i)::uuid, now() + interval '30 days'
    FROM generate_series(1, $1::int) i`,
    [members],
  );
  await timed(
    "tagged_posts",
    client,
    `INSERT INTO tagged_posts (id, user_id, post_name, original_image, scrambled_image, scramble_image, created_at)
    SELECT md5('post' || j)::uuid, md5('member' || (1 + j % $2::int))::uuid, 'bench post ' || j,
           '/uploads/' || md5('o' || j) || '.jpg', '/uploads/' || md5('o' || j) || '-scrambled.jpg', j % 3 = 0,
           now() - (j || ' seconds')::interval
    FROM generate_series(1, $1::int) j`,
    [posts, members],
  );
  await timed(
    "uploads",
    client,
    `INSERT INTO uploads (user_id, original_path, scrambled_path, thumbnail_path, width, height, bytes)
    SELECT md5('member' || i)::uuid, '/uploads/' || md5('upload' || i) || '.jpg',
           '/uploads/' || md5('upload' || i) || '-scrambled.jpg', '/uploads/' || md5('upload' || i) || '-thumb.webp',
           1600, 1200, 350000
    FROM generate_series(1, $1::int) i`,
    [members],
  );
  // Events aimed at the owner of a random post; one in ten visitors is anonymous.
  await timed(
    "search_analytics",
    client,
    `INSERT INTO search_analytics
      (target_user_id, post_id, post_name, visitor_id, visitor_name, pseudonym, action, search_term, created_at, listed_at)
    SELECT md5('member' || (1 + p % $3::int))::uuid, md5('post' || p)::uuid, 'bench post ' || p,
           CASE WHEN v % 10 = 0 THEN NULL ELSE md5('member' || v)::uuid END,
           CASE WHEN v % 10 = 0 THEN 'Anonymous User' ELSE 'First' || v || ' Last' || v END,
           CASE WHEN v % 10 = 0 THEN md5('visitor' || v || 'at' || (1 + p % $3::int)) END,
           (ARRAY['search','view','internal_search'])[1 + k % 3],
           'bench post ' || p,
           now() - (k || ' seconds')::interval, now() - (k || ' seconds')::interval
    FROM (SELECT k, (1 + (k::bigint * 7919) % $2::int)::int AS p, (1 + (k::bigint * 104729) % $3::int)::int AS v FROM generate_series(1, $1::int) k) s
    WHERE md5('member' || (1 + p % $3::int)) <> md5('member' || v)`,
    [events, posts, members],
  );
  // Members who each blocked 1,000 others (the most a member may): the search's block check meets them.
  await timed(
    "blocks",
    client,
    `INSERT INTO blocks (blocker_id, blocked_id)
    SELECT md5('member' || b)::uuid, md5('member' || (1 + (b + k) % $1::int))::uuid
    FROM generate_series(1, $2::int) b, generate_series(1, 1000) k`,
    [members, blockingMembers(members)],
  );
  await timed(
    "administrator",
    client,
    `WITH admin AS (
       INSERT INTO profiles (first_name, last_name, email, password_hash, role, email_verified, last_active)
       VALUES ('Bench', 'Admin', 'bench-admin@bench.tagit', $1, 'admin', true, now()) RETURNING id
     ), session AS (
       INSERT INTO sessions (token_hash, user_id, expires_at)
       SELECT encode(sha256(convert_to('bench-admin-token', 'UTF8')), 'hex'), id, now() + interval '30 days' FROM admin
       RETURNING id, user_id
     )
     INSERT INTO admin_sessions (token_hash, session_id, user_id, expires_at)
     SELECT encode(sha256(convert_to('bench-admin-session', 'UTF8')), 'hex'), id, user_id, now() + interval '1 day'
     FROM session`,
    [passwordHash],
  );
  await timed("analyze", client, "VACUUM ANALYZE");
}
