// What the benchmarks share: starting a server script of bench/ in its own process, asking a forked client
// process over IPC, a process's memory and CPU, and PostgreSQL's md5 uuids.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

/** Starts `script` (relative to bench/) with `env` added; resolves with the port it prints on stdout. */
export function startServer(
  script: string,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL(script, import.meta.url))],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve({ port: Number(chunk.toString().trim()), child }));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
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
