import { afterAll, describe, expect, it } from "vitest";
import { migrationSteps } from "#server/test/migration-steps.ts";

const FIRST_ANONYMITY_MIGRATION = 13;

describe("the anonymity migration on existing data", () => {
  const steps = migrationSteps();
  const { client } = steps;
  afterAll(() => client.close());

  it("gives anonymous rows fresh per-owner pseudonyms (counts kept), hour times, no address; named rows lose the hash", async () => {
    await steps.before(FIRST_ANONYMITY_MIGRATION);
    await client.exec(`
      insert into profiles (id, first_name, last_name, email, last_active) values
        ('00000000-0000-4000-8000-00000000000a', 'Ada', 'Owner', 'ada@example.com', '2026-03-02T14:03:12.345Z'),
        ('00000000-0000-4000-8000-00000000000c', 'Cy', 'Owner', 'cy@example.com', null),
        ('00000000-0000-4000-8000-00000000000b', 'Bob', 'Visitor', 'bob@example.com', null);
      insert into search_analytics (target_user_id, visitor_id, visitor_name, visitor_hash, action, ip_address, user_agent, created_at) values
        ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', 'Bob Visitor', 'bobhash', 'view', '198.51.100.1', 'Firefox', '2026-03-02T14:01:00Z'),
        ('00000000-0000-4000-8000-00000000000a', null, 'Anonymous User', 'bobhash', 'view', '198.51.100.1', 'Firefox', '2026-03-02T14:03:12.345Z'),
        ('00000000-0000-4000-8000-00000000000a', null, 'Anonymous User', 'bobhash', 'search', null, null, '2026-03-02T15:10:00Z'),
        ('00000000-0000-4000-8000-00000000000a', null, 'Anonymous User', 'guest:xyz', 'view', null, null, '2026-03-02T15:20:00Z'),
        ('00000000-0000-4000-8000-00000000000c', null, 'Anonymous User', 'bobhash', 'view', null, null, '2026-03-02T16:45:00Z');
      insert into sessions (token_hash, user_id, expires_at) values
        ('t1', '00000000-0000-4000-8000-00000000000b', '2026-04-01T09:15:00Z');
    `);

    await steps.rest();

    const rows = (
      await client.query<Record<string, unknown>>(
        `select target_user_id, visitor_id, pseudonym, guest, ip_address, user_agent, created_at
         from search_analytics order by created_at`,
      )
    ).rows;
    const named = rows.filter((row) => row.visitor_id !== null);
    const anonymous = rows.filter((row) => row.visitor_id === null);
    expect(named).toEqual([expect.objectContaining({ pseudonym: null, ip_address: "198.51.100.1" })]);
    const atAda = anonymous.filter((row) => row.target_user_id === "00000000-0000-4000-8000-00000000000a");
    const atCy = anonymous.filter((row) => row.target_user_id === "00000000-0000-4000-8000-00000000000c");
    // Bob's two anonymous rows at Ada still count as one viewer; the guest as another; at Cy, a different one.
    expect(new Set(atAda.map((row) => row.pseudonym)).size).toBe(2);
    expect(atAda.filter((row) => row.guest).length).toBe(1);
    expect(atAda.map((row) => row.pseudonym)).not.toContain(atCy[0]?.pseudonym);
    for (const row of anonymous) {
      expect(row).toMatchObject({ ip_address: null, user_agent: null });
      expect(String(row.pseudonym)).toMatch(/^[0-9a-f]{64}$/);
      expect((row.created_at as Date).getUTCMinutes()).toBe(0);
      expect((row.created_at as Date).getUTCSeconds()).toBe(0);
    }
    const columns = (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'search_analytics'`,
      )
    ).rows.map((row) => row.column_name);
    expect(columns).not.toContain("visitor_hash");

    const profile = await client.query<{ last_active: unknown }>(
      `select last_active::text as last_active from profiles where email = 'ada@example.com'`,
    );
    expect(profile.rows[0]?.last_active).toBe("2026-03-02");
    const session = await client.query<{ expires_at: Date }>("select expires_at from sessions");
    expect(session.rows[0]?.expires_at.toISOString()).toBe("2026-04-02T00:00:00.000Z");
  }, 120_000);
});
