import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "./open-configured.ts";

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!DATABASE_URL)(
  "starting beside a PostgreSQL server that is not accepting connections yet",
  () => {
    it("tries again and opens the database once the server answers, instead of exiting on the first refusal", async () => {
      const target = new URL(DATABASE_URL as string);
      // A port that refuses connections for the first two seconds, then forwards them to the real server.
      const probe = createServer();
      probe.listen(0, "127.0.0.1");
      await once(probe, "listening");
      const { port } = probe.address() as { port: number };
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const sockets = new Set<Socket>();
      const forwarder = createServer((client) => {
        const server = createConnection(Number(target.port || 5432), target.hostname);
        for (const socket of [client, server]) {
          sockets.add(socket);
          socket.on("error", () => socket.destroy());
        }
        client.pipe(server).pipe(client);
      });
      const opensLater = setTimeout(() => forwarder.listen(port, "127.0.0.1"), 2_000);
      cleanups.push(async () => {
        clearTimeout(opensLater);
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => forwarder.close(() => resolve()));
      });

      const url = new URL(target);
      url.port = String(port);
      const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-start-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        APP_SECRET: "open-configured-test-secret-0123456789",
      });
      const handle = await openConfiguredDatabase(config);
      cleanups.push(() => handle.close());
      expect(sockets.size).toBeGreaterThan(0);
    }, 30_000);
  },
);
