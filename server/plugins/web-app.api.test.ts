import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { uniqueIp } from "#server/test/factories.ts";
import { createTestApp } from "#server/test/test-app.ts";

describe("the 404 fallback", () => {
  it(`is rate-limited per client after ${RATE_LIMITS.notFound.max} unknown routes`, async () => {
    const t = await createTestApp();
    const remoteAddress = uniqueIp();
    const probe = (i: number) => t.app.inject({ url: `/api/probe-${i}`, remoteAddress });
    for (let i = 0; i < RATE_LIMITS.notFound.max; i++) expect((await probe(i)).statusCode).toBe(404);

    const limited = await probe(RATE_LIMITS.notFound.max);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.rateLimited, code: "rate_limited" });
    expect(limited.headers["retry-after"]).toBeDefined();

    const otherClient = await t.app.inject({ url: "/api/probe", remoteAddress: uniqueIp() });
    expect(otherClient.statusCode).toBe(404);
  });
});
