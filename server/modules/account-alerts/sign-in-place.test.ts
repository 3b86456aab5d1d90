import { describe, expect, it } from "vitest";
import { createNetworkKeys, signInPlaceOf } from "./sign-in-place.ts";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("signInPlaceOf", () => {
  it("keeps an IPv4 address's /16 and shows its first half", () => {
    expect(signInPlaceOf({ ipAddress: "203.0.113.9", userAgent: FIREFOX })).toEqual({
      network: "203.0.0.0/16",
      label: "203.0.x.x",
      browser: "Firefox",
    });
  });

  it("reads an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(signInPlaceOf({ ipAddress: "::ffff:203.0.113.9" }).network).toBe("203.0.0.0/16");
  });

  it("keeps an IPv6 address's /64 and shows its first 32 bits", () => {
    expect(signInPlaceOf({ ipAddress: "2001:db8:aa:bb:1:2:3:4" })).toMatchObject({
      network: "2001:db8:aa:bb::/64",
      label: "2001:db8:…",
    });
  });

  it("names what it cannot read Unknown", () => {
    expect(signInPlaceOf({ ipAddress: "not an address", userAgent: "" })).toEqual({
      network: "Unknown",
      label: "an unknown network",
      browser: "Unknown",
    });
  });
});

describe("createNetworkKeys", () => {
  it("hides the network, differs per member and per secret, and is stable", () => {
    const keys = createNetworkKeys("a-secret-of-at-least-thirty-two-chars!!");
    const ada = keys("ada-id", "203.0.0.0/16");
    expect(ada).toBe(keys("ada-id", "203.0.0.0/16"));
    expect(ada).not.toContain("203");
    expect(keys("bea-id", "203.0.0.0/16")).not.toBe(ada);
    expect(createNetworkKeys("another-secret-of-thirty-two-chars!!!!")("ada-id", "203.0.0.0/16")).not.toBe(
      ada,
    );
  });
});
