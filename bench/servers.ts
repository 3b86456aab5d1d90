// What the benchmarks share: starting a server script of bench/ (or the built app) in its own process, asking a forked client
// process over IPC, a process's memory and CPU, and PostgreSQL's md5 uuids.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { freePort } from "#server/test/free-port.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * `npm run start:prod` as package.json writes it (`node <flags…> dist/server/main.js`): the Node flags
 * production runs with, which every bench server gets too, and the built server's entry.
 */
function productionCommand() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const [node, ...rest] = String(scripts["start:prod"]).split(/\s+/);
  const entry = rest.pop();
  if (node !== "node" || !entry) throw new Error(`unexpected start:prod script: ${scripts["start:prod"]}`);
  return { flags: rest, entry: path.join(root, entry) };
}

export const NODE_FLAGS = productionCommand().flags;

/** Starts `script` (relative to bench/) with `env` added; resolves with the port it prints on stdout. */
export function startServer(
  script: string,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, "--import", "tsx", fileURLToPath(new URL(script, import.meta.url))],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve({ port: Number(chunk.toString().trim()), child }));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * Builds the server (`dist/server`, as `npm run build` does) and starts it exactly as `npm run start:prod` does,
 * configured by `env` on a free loopback port; resolves once /healthz answers.
 */
export async function startProductionServer(env: Record<string, string>) {
  execFileSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { stdio: "ignore" });
  const { flags, entry } = productionCommand();
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the built server exited with ${code}`))),
  );
  const healthy = (async () => {
    while (child.exitCode === null) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { port, child };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return exited;
  })();
  return Promise.race([healthy, exited]);
}

/** Stops a server started by `startServer` and waits for its process to end. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Sends `message` to a forked client process and resolves with the `answer` field of its first reply that has one. */
export function ask<T>(client: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (reply: Record<string, unknown>) => {
      if (!(answer in reply)) return;
      client.off("message", listen);
      resolve(reply[answer] as T);
    };
    client.on("message", listen);
    client.send(message);
  });
}

/** Resident memory (MB) and CPU seconds used so far of a process, from /proc (Linux). */
export function processUsage(pid: number) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  return { rss, cpu };
}

/** PostgreSQL's md5(text)::uuid, how the bench data set names its rows. */
export function md5Uuid(text: string) {
  const hex = createHash("md5").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * For a server script of bench/: listens on a free loopback port, prints it on stdout for `startServer`, and on
 * SIGTERM closes the server, then `closeAlso` (its database), and exits cleanly (so `node --cpu-prof` can write
 * its profile).
 */
export async function serveBench(app: FastifyInstance, closeAlso: () => Promise<unknown> = async () => {}) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  console.log(typeof address === "object" && address ? address.port : "");
  process.once("SIGTERM", () => {
    void app
      .close()
      .then(closeAlso)
      .then(() => process.exit(0));
  });
}

/** Drops the PostgreSQL database `url` names (closing its connections) and creates it empty. */
export async function recreateDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

/** Starts a bare node:http server on a free loopback port and prints the port, as `startServer` reads it. */
export function serveBare(server: Server) {
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(typeof address === "object" && address ? address.port : "");
  });
}
