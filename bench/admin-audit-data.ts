// The admin audit log of the bench data set (decision 055): AUDIT_ROWS entries by AUDIT_ACTORS administrators
// (the members AUDIT_ACTOR_MEMBERS of bench-data, named First<k> Last<k>) over AUDIT_ACTIONS.length actions, one a minute
// back from now, each on its own target (row i's target id is md5('audit-target' || i)), and the filter choices
// the app keeps beside the log, built from it as migration 0025 backfills them. bench:admin tops a data set up to
// AUDIT_ROWS before it measures (the app has applied the migrations by then).
import type pg from "pg";
import { md5Uuid } from "./servers.ts";

export const AUDIT_ROWS = 1_000_000;
export const AUDIT_ACTORS = 20;

/** The uuids the app takes as a filter (zod's check: RFC 9562 version and variant); bench ids are md5s. */
const RFC_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The members who act as administrators: the first AUDIT_ACTORS whose id the app's filter accepts. */
export const AUDIT_ACTOR_MEMBERS: number[] = [];
for (let k = 1; AUDIT_ACTOR_MEMBERS.length < AUDIT_ACTORS; k++) {
  if (RFC_UUID.test(md5Uuid(`member${k}`))) AUDIT_ACTOR_MEMBERS.push(k);
}
export const AUDIT_ACTIONS = [
  "tagg.create",
  "tagg.update",
  "tagg.delete",
  "profile.create",
  "profile.update",
  "profile.delete",
  "profile.role",
  "post.delete",
  "post.hide",
  "post.reports.dismiss",
  "cost.create",
  "cost.update",
  "cost.delete",
  "payout.complete",
  "payout.reject",
  "payout.reveal",
  "terms.update",
  "help_content.update",
  "ui_section.update",
  "what_we_do.update",
  "report-settings.update",
  "affiliate.settings.update",
  "cleanup.run",
] as const;

/** The type of each action's target, as the app writes it. */
const targetType = (action: string) => action.split(/[.-]/)[0] ?? action;

/** Adds entries until the log holds `rows`; answers how many it added. */
export async function seedAuditLog(client: pg.Client, rows = AUDIT_ROWS) {
  const have = Number((await client.query("select count(*) from admin_audit_log")).rows[0].count);
  if (have >= rows) return 0;
  const started = performance.now();
  const actions = [...AUDIT_ACTIONS];
  const types = actions.map(targetType);
  const batch = 100_000;
  for (let from = have + 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    // Actor (i % actors) and action (i * 7 % actions) vary independently enough for the filters to combine.
    await client.query(
      `INSERT INTO admin_audit_log
         (created_at, actor_id, actor_first_name, actor_last_name, action, target_type, target_id, summary)
       SELECT now() - i * interval '1 minute', md5('member' || k)::uuid, 'First' || k, 'Last' || k,
         ($4::text[])[1 + (i * 7) % $5], ($6::text[])[1 + (i * 7) % $5],
         md5('audit-target' || i)::uuid::text, jsonb_build_object('after', jsonb_build_object('n', i))
       FROM generate_series($1::int, $2::int) AS i, LATERAL (SELECT ($3::int[])[1 + i % $7] AS k) AS actor`,
      [from, to, AUDIT_ACTOR_MEMBERS, actions, actions.length, types, AUDIT_ACTORS],
    );
  }
  await client.query(
    `INSERT INTO admin_audit_actors (actor_id, first_name, last_name, last_seen)
     SELECT DISTINCT ON (actor_id) actor_id, actor_first_name, actor_last_name, created_at
     FROM admin_audit_log WHERE actor_id IS NOT NULL ORDER BY actor_id, created_at DESC, id DESC
     ON CONFLICT (actor_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
       last_seen = greatest(admin_audit_actors.last_seen, excluded.last_seen)`,
  );
  await client.query(
    `INSERT INTO admin_audit_actions (action, last_seen)
     SELECT action, max(created_at) FROM admin_audit_log GROUP BY action
     ON CONFLICT (action) DO UPDATE SET last_seen = greatest(admin_audit_actions.last_seen, excluded.last_seen)`,
  );
  await client.query("VACUUM ANALYZE admin_audit_log, admin_audit_actors, admin_audit_actions");
  console.log(
    `Audit log: added ${rows - have} entries in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return rows - have;
}
