import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address.ts";

describe("clientKey", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    expect(clientKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::a")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4 client by its address, written as IPv4 or as IPv6", () => {
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("192.0.2.2")).not.toBe(clientKey("192.0.2.1"));
  });

  it("keeps anything that is not an address as it is", () => {
    expect(clientKey("unknown")).toBe("unknown");
  });
});
