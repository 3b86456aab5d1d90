import { describe, expect, it } from "vitest";
import { sealOldFormat } from "#server/test/old-format-seal.ts";
import { CURRENT_SEAL_PREFIX, createSecretBox, openOldFormat } from "./secret-box.ts";

const SECRET = "a".repeat(32);
const DETAILS = '{"accountNumber":"12345678"}';

/** A sealed value's parts: format, iv, tag, data. */
const partsOf = (sealed: string) => sealed.split(".");

describe("secret box", () => {
  it("round-trips in the versioned format, never stores the plain text and refuses another key", () => {
    const box = createSecretBox(SECRET, "payoutDetails");
    const sealed = box.seal(DETAILS, "row-1");
    expect(sealed).toMatch(/^v2\.[\w+/=]+\.[\w+/=]+\.[\w+/=]+$/);
    expect(sealed).not.toContain("12345678");
    expect(box.open(sealed, "row-1")).toBe(DETAILS);
    expect(box.seal("x", "row-1")).not.toBe(box.seal("x", "row-1"));
    expect(() => createSecretBox("b".repeat(32), "payoutDetails").open(sealed, "row-1")).toThrow();
  });

  it("binds a value to its row: copied into another row, it does not open", () => {
    const box = createSecretBox(SECRET, "payoutDetails");
    const sealed = box.seal(DETAILS, "row-1");
    expect(() => box.open(sealed, "row-2")).toThrow();
  });

  it("seals each column under its own key: a payout's value does not open as a pseudonym key", () => {
    const sealed = createSecretBox(SECRET, "payoutDetails").seal(DETAILS, "1");
    expect(() => createSecretBox(SECRET, "anonymityKey").open(sealed, "1")).toThrow();
  });

  it("opens only with the full 16-byte tag, unaltered, over unaltered data", () => {
    const box = createSecretBox(SECRET, "payoutDetails");
    const [format, iv, tag = "", data = ""] = partsOf(box.seal(DETAILS, "row-1"));
    expect(Buffer.from(tag, "base64")).toHaveLength(16);
    const shortened = Buffer.from(tag, "base64").subarray(0, 4).toString("base64");
    expect(() => box.open([format, iv, shortened, data].join("."), "row-1")).toThrow();
    const flipped = Buffer.from(tag, "base64");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([format, iv, flipped.toString("base64"), data].join("."), "row-1")).toThrow();
    const alteredData = Buffer.from(data, "base64");
    alteredData[0] = (alteredData[0] ?? 0) ^ 1;
    expect(() => box.open([format, iv, tag, alteredData.toString("base64")].join("."), "row-1")).toThrow();
  });

  it("does not open the old format, whose one SHA-256 key opens any row's value; only the re-sealing step reads it", () => {
    // The old format: every value under one key, bound to nothing, so a value opens wherever it is copied.
    const old = sealOldFormat(SECRET, DETAILS);
    expect(old.startsWith(CURRENT_SEAL_PREFIX)).toBe(false);
    expect(openOldFormat(SECRET, old)).toBe(DETAILS);
    expect(() => createSecretBox(SECRET, "payoutDetails").open(old, "row-1")).toThrow();
    expect(() => createSecretBox(SECRET, "payoutDetails").open(`v2.${old}`, "row-1")).toThrow();
    // The old key does not open a value of the current format either: its key is no plain hash of the secret.
    const current = createSecretBox(SECRET, "payoutDetails").seal(DETAILS, "row-1");
    expect(() => openOldFormat(SECRET, partsOf(current).slice(1).join("."))).toThrow();
    // A shortened tag is refused in the old format too.
    const [iv, tag = "", data] = partsOf(old);
    const shortened = Buffer.from(tag, "base64").subarray(0, 4).toString("base64");
    expect(() => openOldFormat(SECRET, [iv, shortened, data].join("."))).toThrow();
  });
});
