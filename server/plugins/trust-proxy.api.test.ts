import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#contract/limits.ts";
import { loadConfig } from "#server/config.ts";
import { SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const trustProxy = (value: string) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "tagit-proxy-")), TRUST_PROXY: value }).trustProxy;

let emailCounter = 0;
/** One forgot-password request (limited per client address) from `remoteAddress` with the given header. */
const forgot = (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
  emailCounter += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    remoteAddress,
    headers: { ...SAME_ORIGIN, ...(forwardedFor && { "x-forwarded-for": forwardedFor }) },
    payload: { email: `nobody${emailCounter}@example.com` },
  });
};

describe("TRUST_PROXY", () => {
  it("with a hop count, keys rate limits on the address the proxy saw, not the client-written left-most one", async () => {
    const t = await createTestApp({ config: { trustProxy: trustProxy("1") } });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.forgotPassword.max; i += 1) {
      statuses.push((await forgot(t, "10.99.0.1", `198.51.100.${i}, 203.0.113.7`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status < 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy is not limited.
    expect((await forgot(t, "10.99.0.1", "203.0.113.8")).statusCode).toBeLessThan(400);
  });

  it("with a list of proxy addresses, trusts the header only from those proxies", async () => {
    const t = await createTestApp({ config: { trustProxy: trustProxy("10.99.0.0/16, 192.0.2.1") } });
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i += 1) {
      expect((await forgot(t, "10.99.0.1", `198.51.100.${i}, 203.0.113.7`)).statusCode).toBeLessThan(400);
    }
    expect((await forgot(t, "192.0.2.1", "203.0.113.7")).statusCode).toBe(429);
    // A client that is not one of the proxies cannot pick its address by writing the header.
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i += 1) {
      expect((await forgot(t, "198.51.100.200", `203.0.113.${100 + i}`)).statusCode).toBeLessThan(400);
    }
    expect((await forgot(t, "198.51.100.200", "203.0.113.250")).statusCode).toBe(429);
  });
});
