import { describe, expect, it } from "vitest";
import { referralCodeSchema } from "#contract/api/auth.ts";
import { parseReferralCode } from "./referral.ts";

describe("parseReferralCode", () => {
  it("reads a well-formed ?ref= code", () => {
    expect(parseReferralCode("?ref=ABCD1234")).toBe("ABCD1234");
    expect(parseReferralCode("?x=1&ref=ab_cd-99")).toBe("ab_cd-99");
  });

  it("ignores missing or malformed codes", () => {
    expect(parseReferralCode("")).toBeNull();
    expect(parseReferralCode("?ref=")).toBeNull();
    expect(parseReferralCode("?ref=<script>")).toBeNull();
    expect(parseReferralCode("?ref=abc")).toBeNull();
  });

  it("agrees with the contract's schema", () => {
    for (const raw of ["ABCD1234", " ab_cd-99 ", "abc", "<script>", "a".repeat(33), "a".repeat(32)]) {
      const parsed = referralCodeSchema.safeParse(raw);
      expect(parseReferralCode(`?ref=${encodeURIComponent(raw)}`)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
