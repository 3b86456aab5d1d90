import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors.ts";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    new Error("timeout exceeded when trying to connect"),
    new Error("Connection terminated unexpectedly"),
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    Object.assign(new Error("connection failure"), { code: "08006" }),
    Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
  ])("tells an unreachable database (%s), also wrapped by Drizzle", (err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it("leaves query errors to the usual handling", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnavailable(wrapped(unique))).toBe(false);
    expect(isUniqueViolation(wrapped(unique))).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});
