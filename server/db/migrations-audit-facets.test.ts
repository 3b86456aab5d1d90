import { afterAll, describe, expect, it } from "vitest";
import { migrationSteps } from "#server/test/migration-steps.ts";

const AUDIT_AT_SCALE_MIGRATION = 25;

describe("the audit-log-at-scale migration on an existing log (decision 055)", () => {
  const steps = migrationSteps();
  const { client } = steps;
  afterAll(() => client.close());

  it("fills the filter choices from the log: each actor by the name of their latest entry, each action", async () => {
    await steps.before(AUDIT_AT_SCALE_MIGRATION);
    await client.exec(`
      insert into profiles (id, first_name, last_name, email) values
        ('00000000-0000-4000-8000-000000000001', 'Ada', 'Now', 'ada@example.com'),
        ('00000000-0000-4000-8000-000000000002', 'Bea', 'Poster', 'bea@example.com');
      insert into admin_audit_log (created_at, actor_id, actor_first_name, actor_last_name, action, target_type, target_id, summary) values
        ('2026-03-01T00:00:00Z', '00000000-0000-4000-8000-000000000001', 'Ada', 'Before', 'tagg.update', 'tagg', 'a', '{}'),
        ('2026-03-02T00:00:00Z', '00000000-0000-4000-8000-000000000001', 'Ada', 'Now', 'tagg.delete', 'tagg', 'b', '{}'),
        ('2026-03-03T00:00:00Z', '00000000-0000-4000-8000-000000000002', 'Bea', 'Poster', 'tagg.update', 'tagg', 'c', '{}'),
        ('2026-03-04T00:00:00Z', null, 'System', '(automatic)', 'post.hide', 'post', 'd', '{}');
    `);

    await steps.rest();

    const actors = await client.query(
      "select actor_id, first_name, last_name, last_seen from admin_audit_actors order by actor_id",
    );
    expect(actors.rows).toEqual([
      {
        actor_id: "00000000-0000-4000-8000-000000000001",
        first_name: "Ada",
        last_name: "Now",
        last_seen: new Date("2026-03-02T00:00:00Z"),
      },
      {
        actor_id: "00000000-0000-4000-8000-000000000002",
        first_name: "Bea",
        last_name: "Poster",
        last_seen: new Date("2026-03-03T00:00:00Z"),
      },
    ]);
    const actions = await client.query("select action, last_seen from admin_audit_actions order by action");
    expect(actions.rows).toEqual([
      { action: "post.hide", last_seen: new Date("2026-03-04T00:00:00Z") },
      { action: "tagg.delete", last_seen: new Date("2026-03-02T00:00:00Z") },
      { action: "tagg.update", last_seen: new Date("2026-03-03T00:00:00Z") },
    ]);
  });
});
