import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { DatabaseHandle } from "#server/db/client.ts";
import { embeddedSocketFile } from "#server/db/embedded-lock.ts";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "#server/lib/owner-only.ts";

/** Copies of the embedded database, beside it, each made for one backup and removed by it. */
const snapshotsDirectory = (databaseDir: string) => `${path.resolve(databaseDir)}-snapshots`;

/**
 * A running app on the embedded database answers `POST /snapshot` on a Unix socket beside it (its owner's
 * alone) with a copy of the database's files, made while no query runs: `tagit backup`, another process,
 * cannot open a database this process holds, and reads the copy instead. Answers how to stop serving.
 */
export async function serveSnapshots(
  database: DatabaseHandle,
  databaseDir: string,
): Promise<() => Promise<void>> {
  const copyFilesTo = database.copyFilesTo?.bind(database);
  if (!copyFilesTo) throw new Error("only a database on disk can be copied");
  const socket = embeddedSocketFile(databaseDir);
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/snapshot") {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        await mkdir(snapshotsDirectory(databaseDir), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
        const directory = await mkdtemp(path.join(snapshotsDirectory(databaseDir), "db-"));
        await copyFilesTo(directory);
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ directory }));
      } catch (err) {
        response
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: String(err) }));
      }
    })();
  });
  // A socket left by a process that was killed would refuse the listen.
  await rm(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, resolve);
  });
  await chmod(socket, OWNER_ONLY_FILE);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Asks the app holding DATA_DIR's embedded database for a copy of it; answers the copy's directory. */
export function requestSnapshot(databaseDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: embeddedSocketFile(databaseDir), path: "/snapshot", method: "POST" },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => {
          const answer = JSON.parse(body || "{}") as { directory?: string; error?: string };
          if (response.statusCode === 200 && answer.directory) resolve(answer.directory);
          else
            reject(
              new Error(
                `the running app could not copy its database: ${answer.error ?? response.statusCode}`,
              ),
            );
        });
      },
    );
    request.on("error", (err) =>
      reject(
        new Error(`the running app does not answer on ${embeddedSocketFile(databaseDir)}: ${err.message}`),
      ),
    );
    request.end();
  });
}
