import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** One line of an instance's JSON log. */
export type LogLine = { level: number; msg: string; [field: string]: unknown };

/**
 * A real app instance: `server/main.ts` in a child process (through tsx, as `npm start` runs it), on a port
 * the system picks, with a data directory of its own. `env` adds to a production-like environment. Given a
 * `dataDir`, it runs on that one instead (a restart on the same data), which the caller removes.
 */
export async function startAppProcess(
  name: string,
  env: Record<string, string>,
  options: { dataDir?: string } = {},
) {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), `tagit-${name}-`)));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PAYMENTS_TEST_MODE: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "debug",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const output: string[] = [];
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      output.push(line);
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (a stack trace printed before the logger existed): kept in `output` only.
      }
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  /** Resolves with the first log line `match` accepts; rejects if the process ends first. */
  const logged = (match: (line: LogLine) => boolean, what: string) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (found) {
          clearInterval(timer);
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          clearInterval(timer);
          reject(new Error(`${name} ended before ${what}:\n${output.slice(-30).join("\n")}`));
        }
      };
      const timer = setInterval(check, 50);
      check();
    });

  return {
    name,
    logs,
    output,
    exited,
    logged,
    /** Resolves with the instance's base URL once it serves. */
    ready: async () =>
      String((await logged((line) => line.msg === "Tagit is ready", "it was ready")).address),
    signal: (signal: NodeJS.Signals) => child.kill(signal),
    /** Ends it (if still running) and removes its data directory, unless the caller gave it. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type AppProcess = Awaited<ReturnType<typeof startAppProcess>>;
