// The real Tagit app as `npm start` runs it (embedded PGlite, production mode) serving the built web app,
// for bench/web, with the terms published and the data its interactions use. Prints its port on stdout.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/open-configured.ts";
import { createContentRepository } from "#server/modules/content/content.repository.ts";
import { createContentService } from "#server/modules/content/content.service.ts";
import { serveBench } from "./servers.ts";
import { seedBenchWebData } from "./web-bench-data.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-bench-web-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: "bench-secret-bench-secret-bench-secret!!",
  LOG_LEVEL: "silent",
  NODE_ENV: "production",
  PAYMENTS_TEST_MODE: "true",
});
const database = await openConfiguredDatabase(config);
// A live site has its terms published (an administrator does it); a fresh database has none.
const paragraph =
  "<p>Tagit lets members publish uniquely named image posts that other people find only by typing the exact name or the owner's tagg. These terms describe what you may post, how visits are recorded and what Premium adds.</p>";
await createContentService({ contentRepo: createContentRepository(database.db) }).saveTerms({
  title: "Terms and Conditions",
  content: [
    "<h2>Using Tagit</h2>",
    paragraph,
    "<h2>Your posts</h2>",
    paragraph,
    "<h2>Privacy</h2>",
    paragraph,
  ].join(""),
});
await seedBenchWebData(database.db);
const app = await buildApp({ config, database, logger: false });
await serveBench(app, () => database.close());
