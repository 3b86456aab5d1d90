import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createFailureBudget } from "./failure-budget.ts";

const MINUTE = 60_000;

describe("a budget of failed tries", () => {
  it("lets max tries be reserved in a window, gives one back after a success, and starts again after the window", async () => {
    let at = 0;
    const budget = createFailureBudget({ name: "test", max: 3, windowMs: 15 * MINUTE, now: () => at });
    const reserveMany = (n: number) =>
      Promise.all(Array.from({ length: n }, () => budget.reserve("203.0.113.0")));

    // 0: taken; a refusal says how long until the window ends.
    expect(await reserveMany(10)).toEqual([0, 0, 0, ...Array(7).fill(15 * MINUTE)]);
    // Another key has its own budget.
    expect(await budget.reserve("198.51.100.0")).toBe(0);
    // A try given back (it succeeded) frees its place; nothing goes below zero.
    at += MINUTE;
    await budget.giveBack("203.0.113.0");
    expect(await budget.reserve("203.0.113.0")).toBe(0);
    expect(await budget.reserve("203.0.113.0")).toBe(14 * MINUTE);

    at += 14 * MINUTE;
    await budget.giveBack("203.0.113.0"); // a try of the window that ended gives nothing to the next
    expect(await reserveMany(4)).toEqual([0, 0, 0, 15 * MINUTE]);
  });

  it.runIf(process.env.TEST_REDIS_URL)("counts the same in Redis, shared by every instance", async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? "");
    await new Promise((resolve) => redis.once("ready", resolve));
    const name = `test-${crypto.randomUUID()}`;
    const one = createFailureBudget({ name, max: 5, windowMs: MINUTE, redis });
    const other = createFailureBudget({ name, max: 5, windowMs: MINUTE, redis });
    const taken = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? one : other).reserve("203.0.113.0")),
    );
    expect(taken.filter((wait) => wait === 0)).toHaveLength(5);
    expect(Math.min(...taken.filter((wait) => wait > 0))).toBeGreaterThan(MINUTE - 5_000);
    await one.giveBack("203.0.113.0");
    expect(await other.reserve("203.0.113.0")).toBe(0);
    expect(await other.reserve("203.0.113.0")).toBeGreaterThan(0);
    expect(await redis.pttl(`tagit:failures:${name}:203.0.113.0`)).toBeGreaterThan(0);
    redis.disconnect();
  });
});
