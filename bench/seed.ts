// Creates a PostgreSQL database with the bench data set (bench/bench-data.ts) for the API benchmarks.
//   npm run bench:seed -- --url postgres://postgres@127.0.0.1:5432/tagit_bench --members 100000 --posts 1000000 --events 5000000
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { seedBenchData } from "./bench-data.ts";
import { recreateDatabase } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tagit_bench" },
    members: { type: "string", default: "100000" },
    posts: { type: "string", default: "1000000" },
    events: { type: "string", default: "5000000" },
  },
});
const members = Number(values.members);
const posts = Number(values.posts);
const events = Number(values.events);

const started = performance.now();
await recreateDatabase(values.url);
const handle = await openDatabase({ kind: "postgres", url: values.url });
await runMigrations(handle);
await seedDefaults(handle.db);
await handle.close();

const client = new pg.Client({ connectionString: values.url });
await client.connect();
await client.query("SET synchronous_commit = off");
await seedBenchData(client, { members, posts, events });
await client.end();
console.log(
  `Seeded ${members} members, ${posts} posts, ${events} events in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
