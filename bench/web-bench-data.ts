// What bench/web's interactions need in the bench app's database: an administrator whose member session and
// admin unlock are known tokens (as bench/bench-data.ts makes them for bench:admin), and one post of theirs to
// find by name and open.
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

export const BENCH_WEB_ADMIN = {
  sessionToken: "bench-web-admin-token",
  adminSessionToken: "bench-web-admin-session",
};
export const BENCH_WEB_POST_NAME = "bench web post";

export async function seedBenchWebData(db: Database) {
  const { sessionToken, adminSessionToken } = BENCH_WEB_ADMIN;
  await db.execute(sql`
    WITH admin AS (
      INSERT INTO profiles (first_name, last_name, email, role, email_verified, last_active)
      VALUES ('Bench', 'Admin', 'bench-web-admin@bench.tagit', 'admin', true, now()) RETURNING id
    ), session AS (
      INSERT INTO sessions (token_hash, user_id, expires_at)
      SELECT encode(sha256(convert_to(${sessionToken}, 'UTF8')), 'hex'), id, now() + interval '30 days' FROM admin
      RETURNING id, user_id
    ), unlock AS (
      INSERT INTO admin_sessions (token_hash, session_id, user_id, expires_at)
      SELECT encode(sha256(convert_to(${adminSessionToken}, 'UTF8')), 'hex'), id, user_id, now() + interval '1 day'
      FROM session
    )
    INSERT INTO tagged_posts (user_id, post_name, original_image, scrambled_image, scramble_image)
    SELECT id, ${BENCH_WEB_POST_NAME}, '/uploads/bench-web-post.jpg', '/uploads/bench-web-post-scrambled.jpg', false
    FROM admin`);
}
