import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

describe("secret box", () => {
  it("round-trips, never stores the plain text and refuses tampering or another key", () => {
    const box = createSecretBox("a".repeat(32));
    const sealed = box.seal('{"accountNumber":"12345678"}');
    expect(sealed).not.toContain("12345678");
    expect(box.open(sealed)).toBe('{"accountNumber":"12345678"}');
    expect(box.seal("x")).not.toBe(box.seal("x"));
    const [iv, tag, data = ""] = sealed.split(".");
    expect(() => box.open([iv, tag, `A${data.slice(1)}`].join("."))).toThrow();
    expect(() => createSecretBox("b".repeat(32)).open(sealed)).toThrow();
  });
});
