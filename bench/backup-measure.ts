// bench:backup's measurement of one command: run as a child process under GNU time (`/usr/bin/time`), its wall
// time (measured here), the CPU it used (user + system) and its peak resident memory ("Maximum resident set
// size", the kernel's ru_maxrss of the process once it has ended: nothing sampled, nothing missed), and when
// each stage line it printed on standard error arrived.
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

export type Measured = {
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  /** Each `tagit: <stage>` line, with the seconds from it to the next stage line (or to the command's end). */
  stages: { line: string; seconds: number }[];
};

/** Writes every dirty page to disk, so a command's writes are not charged to the next one measured. */
export const syncDisks = () => execFileSync("sync");

/** Runs `command` with `args` (and `env` added) to its end; throws with its last lines if it fails. */
export async function measure(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Measured> {
  const dir = await mkdtemp(path.join(tmpdir(), "tagit-bench-time-"));
  const timeFile = path.join(dir, "time");
  const started = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "%M %U %S", "-o", timeFile, command, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const lines: { line: string; at: number }[] = [];
  const reading = (async () => {
    if (!child.stderr) return;
    for await (const line of createInterface({ input: child.stderr })) {
      lines.push({ line, at: performance.now() });
    }
  })();
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  const ended = performance.now();
  await reading;
  try {
    if (code !== 0) {
      const last = lines
        .slice(-15)
        .map((entry) => `  ${entry.line}`)
        .join("\n");
      throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${last}`);
    }
    const [maxRssKb, user, system] = (await readFile(timeFile, "utf8")).trim().split(/\s+/).map(Number);
    const stageLines = lines.filter((entry) => /^tagit: \S/.test(entry.line));
    const stages = stageLines.map((entry, i) => ({
      line: entry.line.slice("tagit: ".length),
      seconds: ((stageLines[i + 1]?.at ?? ended) - entry.at) / 1000,
    }));
    const first = stageLines[0];
    if (first)
      stages.unshift({
        line: "(start-up: loading the code, connecting)",
        seconds: (first.at - started) / 1000,
      });
    return {
      seconds: (ended - started) / 1000,
      cpuSeconds: (user ?? 0) + (system ?? 0),
      peakMb: (maxRssKb ?? 0) / 1024,
      stages,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
