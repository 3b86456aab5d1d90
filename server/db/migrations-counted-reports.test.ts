import { afterAll, describe, expect, it } from "vitest";
import { migrationSteps } from "#server/test/migration-steps.ts";

const COUNTED_REPORTS_MIGRATION = 21;

describe("the counted-reports migration on existing reports", () => {
  const steps = migrationSteps();
  const { client } = steps;
  afterAll(() => client.close());

  it("counts a report only when its reporter was 24 hours old then and is verified", async () => {
    await steps.before(COUNTED_REPORTS_MIGRATION);
    // Reports made on 10 March at noon, by accounts of various ages then.
    await client.exec(`
      insert into profiles (id, first_name, last_name, email, email_verified, created_at) values
        ('00000000-0000-4000-8000-00000000000a', 'Olga', 'Owner', 'olga@example.com', true, '2026-01-01T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'Old', 'Verified', 'old@example.com', true, '2026-02-01T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Day', 'Exactly', 'day@example.com', true, '2026-03-09T12:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'New', 'Verified', 'new@example.com', true, '2026-03-10T11:00:00Z'),
        ('00000000-0000-4000-8000-000000000004', 'Old', 'Unverified', 'unv@example.com', false, '2026-02-01T00:00:00Z');
      insert into tagged_posts (id, user_id, post_name, original_image, scrambled_image) values
        ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'Reported', '/o', '/s');
      insert into post_reports (post_id, reporter_id, created_at)
        select '00000000-0000-4000-8000-0000000000f1', id, '2026-03-10T12:00:00Z' from profiles
        where id <> '00000000-0000-4000-8000-00000000000a';
    `);

    await steps.rest();

    const rows = (
      await client.query<{ email: string; counted: boolean }>(
        `select p.email, r.counted from post_reports r join profiles p on p.id = r.reporter_id order by p.email`,
      )
    ).rows;
    expect(rows).toEqual([
      { email: "day@example.com", counted: true },
      { email: "new@example.com", counted: false },
      { email: "old@example.com", counted: true },
      { email: "unv@example.com", counted: false },
    ]);
  }, 120_000);
});
