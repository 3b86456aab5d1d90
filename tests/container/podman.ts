import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * What podman needs on this kind of machine (decision 066): runc, as crun fails on its cgroups; the host's
 * network, so the container reaches this machine's PostgreSQL, Redis and S3 server on the loopback; and
 * limits below the machine's.
 */
export const RUN_FLAGS = [
  "--runtime",
  "runc",
  "--network",
  "host",
  "--ulimit",
  "nofile=1024:1024",
  "--ulimit",
  "nproc=1024:1024",
];

/** Runs `podman …args` and answers its standard output; throws with standard error when it fails. */
export async function podman(...args: string[]): Promise<string> {
  const { stdout } = await run("podman", args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** Runs `podman …args` and answers its exit code, without throwing when it is not 0. */
export async function podmanStatus(...args: string[]): Promise<number> {
  try {
    await run("podman", args);
    return 0;
  } catch (err) {
    return typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1;
  }
}
