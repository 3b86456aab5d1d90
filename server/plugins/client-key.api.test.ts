import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#contract/limits.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

// The public search counts visitors with a key of ours (a member by account, anyone else by client), where
// @fastify/rate-limit's own key would group IPv6 by /64 by itself.
const search = (t: TestApp, remoteAddress: string) =>
  t.app.inject({ url: "/api/public/tagged-posts?search=nothing-here", remoteAddress });

describe("per-client limits under a key of ours", () => {
  it("count an IPv6 client by its /64, so a new address in the same network gets no new budget", async () => {
    const t = await createTestApp();
    const { max } = RATE_LIMITS.publicSearch;
    for (let i = 1; i <= max; i += 1) {
      expect((await search(t, `2001:db8:aa:bb::${i.toString(16)}`)).statusCode).toBe(200);
    }
    const sameNetwork = await search(t, "2001:db8:aa:bb:ffff:ffff:ffff:fffe");
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json().code).toBe("rate_limited");
    expect((await search(t, "2001:db8:aa:bc::1")).statusCode).toBe(200);
  });

  it("count an IPv4 client the same whether it arrives as IPv4 or as IPv6", async () => {
    const t = await createTestApp();
    const { max } = RATE_LIMITS.publicSearch;
    for (let i = 1; i <= max; i += 1) {
      const address = i % 2 === 0 ? "192.0.2.77" : "::ffff:192.0.2.77";
      expect((await search(t, address)).statusCode).toBe(200);
    }
    expect((await search(t, "::ffff:192.0.2.77")).statusCode).toBe(429);
    expect((await search(t, "192.0.2.78")).statusCode).toBe(200);
  });
});
