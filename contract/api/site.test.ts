import { describe, expect, it } from "vitest";
import { siteDomain } from "./site.ts";

describe("siteDomain", () => {
  it("is the host name of PUBLIC_URL, without www. or a port", () => {
    expect(siteDomain("https://www.tagit.example")).toBe("tagit.example");
    expect(siteDomain("http://localhost:3000")).toBe("localhost");
    expect(siteDomain("https://tagit.example:8443/base")).toBe("tagit.example");
  });
});
