import { ConfigError, loadConfig } from "./config.ts";
import { openConfiguredDatabase } from "./db/open-configured.ts";

async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Loading the app's modules and opening the database overlap: both take most of start-up.
  const [database, { buildApp }] = await Promise.all([openConfiguredDatabase(config), import("./app.ts")]);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error while shutting down");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt), url: config.publicUrl },
    "Tagit is ready",
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
