import { describe, expect, it } from "vitest";
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
});
