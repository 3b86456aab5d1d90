import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#contract/limits.ts";
import { SAME_ORIGIN } from "#server/test/factories.ts";
import { eventually, hostAndPort, startTcpProxy } from "#server/test/tcp-proxy.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const randomIp = () => `10.${randomInt(200, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const forgot = (t: TestApp, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    remoteAddress: ip,
    headers: SAME_ORIGIN,
    payload: { email: `nobody-${randomInt(1e9)}@example.com` },
  });

/** Sends one more than the budget from `ip`: all pass but the last, which is limited. */
async function expectLimited(t: TestApp, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i <= RATE_LIMITS.forgotPassword.max; i += 1)
    statuses.push((await forgot(t, ip)).statusCode);
  expect(statuses).toEqual([...Array(RATE_LIMITS.forgotPassword.max).fill(200), 429]);
}

describe.skipIf(!REDIS_URL)("rate limits across a Redis outage (real Redis behind a proxy)", () => {
  it("keep limiting per instance while Redis is cut, and share through Redis again once it is back", async () => {
    const proxy = await startTcpProxy(hostAndPort(REDIS_URL as string, 6379));
    cleanups.push(() => proxy.close());
    const direct = new Redis(REDIS_URL as string);
    cleanups.push(() => direct.quit());
    const t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${proxy.port}` } });
    const inRedis = async (ip: string) => (await direct.keys(`tagit-rate-limit-*${ip}`)).length > 0;

    // Until the app's connection is ready it counts on its own too, so wait for a count to land in Redis.
    const sharedThroughRedis = () =>
      eventually(async () => {
        const ip = randomIp();
        expect((await forgot(t, ip)).statusCode).toBe(200);
        expect(await inRedis(ip)).toBe(true);
      });
    await sharedThroughRedis();

    proxy.cut();
    const during = randomIp();
    await expectLimited(t, during);
    expect(await inRedis(during)).toBe(false);

    proxy.restore();
    await sharedThroughRedis();
  });
});
