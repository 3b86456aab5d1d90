import { backupBeforeMigrating } from "./backup/before-migrating.ts";
import { printedProgress } from "./backup/progress.ts";
import { serveSnapshots } from "./backup/snapshot-socket.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { EmbeddedDatabaseInUse, embeddedDatabaseDirectory } from "./db/embedded-lock.ts";
import { openConfiguredDatabase } from "./db/open-configured.ts";
import { SchemaTooNewError } from "./db/schema-version.ts";
import { startMetricsServer } from "./metrics/metrics-server.ts";
import { startTracing } from "./tracing/start-tracing.ts";

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
  const [database, { buildApp }] = await Promise.all([
    openConfiguredDatabase(config, { beforeMigrating: backupBeforeMigrating(config, printedProgress()) }),
    import("./app.ts"),
  ]);
  const app = await buildApp({ config, database });
  const tracing = config.tracing && startTracing(config.tracing, app.log);
  // `tagit backup` in another process reads a copy of the embedded database, which this process holds.
  const stopServingSnapshots = database.copyFilesTo
    ? await serveSnapshots(database, embeddedDatabaseDirectory(config.dataDir)).catch((err: unknown) => {
        app.log.warn({ err }, "backups of the running app will fail: the snapshot socket did not open");
        return undefined;
      })
    : undefined;
  // Before the app listens: a METRICS_PORT that is taken stops the start, as bad configuration does.
  const metricsServer =
    app.metrics && config.metricsPort !== undefined
      ? await startMetricsServer(app.metrics.registry, {
          host: config.host,
          port: config.metricsPort,
          log: app.log,
        })
      : undefined;

  /**
   * SIGTERM (or SIGINT): /readyz turns 503 and the instance serves on for SHUTDOWN_DRAIN_MS while the load
   * balancer moves away; then it stops accepting connections, ends the live streams asking them to reconnect
   * elsewhere, lets the requests under way finish (uploads included) for at most SHUTDOWN_TIMEOUT_MS, and
   * closes its pools (decision 034). A second signal changes nothing: it must not cut the requests finishing.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.info({ signal }, "already shutting down; requests under way are still finishing");
      return;
    }
    closing = true;
    app.log.info(
      { signal, drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs },
      "shutting down",
    );
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      app.log.warn("shutdown timeout reached: closing the connections still open");
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    try {
      await app.close();
      await stopServingSnapshots?.();
      await metricsServer?.close();
      await database.close();
      await tracing?.shutdown();
      clearTimeout(deadline);
      app.log.info("shut down");
      process.exit(cut ? 1 : 0);
    } catch (err) {
      app.log.error({ err }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      startupMs: Math.round(performance.now() - startedAt),
      address,
      url: config.publicUrl,
    },
    "Tagit is ready",
  );
}

main().catch((err: unknown) => {
  // Refusals an operator acts on are one line; anything else keeps its stack.
  const oneLine =
    err instanceof SchemaTooNewError || err instanceof EmbeddedDatabaseInUse || err instanceof ConfigError;
  console.error(oneLine ? err.message : err);
  process.exit(1);
});
