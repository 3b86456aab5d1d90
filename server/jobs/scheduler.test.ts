import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Job, startJobs, type TakeTurn } from "./scheduler.ts";

const MINUTE = 60_000;

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ level, msg, fields });
  return {
    lines,
    log: { info: at("info"), debug: at("debug"), error: at("error") } as unknown as FastifyBaseLogger,
  };
}

const myTurn: TakeTurn = async (job) => ({ ran: true, result: await job.run() });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("startJobs", () => {
  it("ticks each job after the first-run delay, then on its interval", async () => {
    const runs: string[] = [];
    const jobs: Job[] = [
      { name: "every-minute", everyMs: MINUTE, run: async () => runs.push("every-minute") },
      { name: "every-hour", everyMs: 60 * MINUTE, run: async () => runs.push("every-hour") },
    ];
    const { log } = recordingLog();
    const scheduler = startJobs(jobs, log, { takeTurn: myTurn, firstRunDelayMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.sort()).toEqual(["every-hour", "every-minute"]);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(runs.filter((name) => name === "every-minute")).toHaveLength(4);
    expect(runs.filter((name) => name === "every-hour")).toHaveLength(1);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(runs).toHaveLength(5);
  });

  it("never starts a job again while its run is under way, and stop waits for that run", async () => {
    let finish = () => {};
    let started = 0;
    const slow: Job = {
      name: "slow",
      everyMs: MINUTE,
      run: () => {
        started += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    };
    const { lines, log } = recordingLog();
    const scheduler = startJobs([slow], log, { takeTurn: myTurn, firstRunDelayMs: 0 });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(lines).toContainEqual(expect.objectContaining({ level: "info", msg: "job ran" }));
  });

  it("logs a tick that was not its turn as skipped and a failed run as an error, and keeps ticking", async () => {
    let tick = 0;
    const takeTurn: TakeTurn = async (job) => {
      tick += 1;
      if (tick === 1) return { ran: false, reason: "ran this period" };
      if (tick === 2) throw new Error("database unreachable");
      return { ran: true, result: await job.run() };
    };
    const { lines, log } = recordingLog();
    const scheduler = startJobs([{ name: "cleanup", everyMs: MINUTE, run: async () => 3 }], log, {
      takeTurn,
      firstRunDelayMs: 0,
    });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await scheduler.stop();
    expect(lines.map((line) => [line.level, line.msg, line.fields.job])).toEqual([
      ["debug", "job skipped", "cleanup"],
      ["error", "job failed", "cleanup"],
      ["info", "job ran", "cleanup"],
    ]);
    expect(lines[2]?.fields.result).toBe(3);
  });

  it("tells its observer of every job at start, then of each run it made: success or failure", async () => {
    const told: string[] = [];
    const observe = {
      scheduled: (job: string) => told.push(`scheduled ${job}`),
      succeeded: (job: string) => told.push(`succeeded ${job}`),
      failed: (job: string) => told.push(`failed ${job}`),
    };
    const jobs: Job[] = [
      { name: "fine", everyMs: MINUTE, run: async () => "done" },
      { name: "broken", everyMs: MINUTE, run: async () => Promise.reject(new Error("boom")) },
      { name: "elsewhere", everyMs: MINUTE, run: async () => "never here" },
    ];
    const takeTurn: TakeTurn = async (job) =>
      job.name === "elsewhere" ? { ran: false, reason: "another instance" } : myTurn(job);
    const scheduler = startJobs(jobs, recordingLog().log, { takeTurn, firstRunDelayMs: 0, observe });
    expect(told).toEqual(["scheduled fine", "scheduled broken", "scheduled elsewhere"]);
    await vi.advanceTimersByTimeAsync(0);
    await scheduler.stop();
    expect(told.slice(3).sort()).toEqual(["failed broken", "succeeded fine"]);
  });
});
