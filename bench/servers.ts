// What the benchmarks share: starting a server script of bench/ in its own process, asking a forked client
// process over IPC, and PostgreSQL's md5 uuids.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

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

/** PostgreSQL's md5(text)::uuid, how the bench data set names its rows. */
export function md5Uuid(text: string) {
  const hex = createHash("md5").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
