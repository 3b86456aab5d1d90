import { describe, expect, it } from "vitest";
import { createSecretBox } from "#server/lib/secret-box.ts";
import type { AnonymityKeyRow, AnonymityKeysRepository } from "./anonymity-keys.repository.ts";
import { browserFamily, createPseudonyms } from "./pseudonyms.ts";

const DAY = 86_400_000;

/** The keys table in memory; `failWrites` makes every write fail, as a database cut mid-rotation would. */
function memoryKeys() {
  const rows: AnonymityKeyRow[] = [];
  const store = {
    failWrites: false,
    rows,
    current: async () => rows.at(-1),
    async replace(row: AnonymityKeyRow) {
      if (store.failWrites) throw new Error("connection terminated");
      if (rows.some((existing) => existing.epoch === row.epoch)) return false;
      rows.splice(0, rows.length, row);
      return true;
    },
  };
  return store satisfies AnonymityKeysRepository;
}

function setup() {
  let now = Date.parse("2026-03-01T00:00:00Z");
  const keysRepo = memoryKeys();
  const pseudonyms = createPseudonyms({
    keysRepo,
    secretBox: createSecretBox("unit-test-secret-unit-test-secret-0000", "anonymityKey"),
    clock: { now: () => new Date(now) },
    keyDays: 30,
  });
  return { keysRepo, pseudonyms, advance: (ms: number) => (now += ms) };
}

describe("pseudonyms", () => {
  it("differ per owner, stay the same for one visitor within an epoch, and change with the epoch", async () => {
    const { pseudonyms, advance } = setup();
    const bob = { memberId: "bob" };
    const atAda = await pseudonyms.of("ada", bob);
    expect(await pseudonyms.of("ada", bob)).toBe(atAda);
    expect(await pseudonyms.of("cy", bob)).not.toBe(atAda);
    advance(31 * DAY);
    expect(await pseudonyms.rotate()).toEqual({ rotated: true, epoch: 2 });
    expect(await pseudonyms.of("ada", bob)).not.toBe(atAda);
  });

  it("keep the old key in use when the rotation cannot be written: nothing is recorded under no key", async () => {
    const { keysRepo, pseudonyms, advance } = setup();
    const before = await pseudonyms.of("ada", { memberId: "bob" });
    advance(31 * DAY);
    keysRepo.failWrites = true;
    await expect(pseudonyms.rotate()).rejects.toThrow("connection terminated");
    expect(keysRepo.rows.map((row) => row.epoch)).toEqual([1]);
    expect(await pseudonyms.of("ada", { memberId: "bob" })).toBe(before);
    keysRepo.failWrites = false;
    expect(await pseudonyms.rotate()).toEqual({ rotated: true, epoch: 2 });
    expect(keysRepo.rows.map((row) => row.epoch)).toEqual([2]);
  });

  it("start a new epoch when APP_SECRET no longer opens the current key", async () => {
    const { keysRepo, pseudonyms } = setup();
    const before = await pseudonyms.of("ada", { memberId: "bob" });
    const other = createPseudonyms({
      keysRepo,
      secretBox: createSecretBox("another-secret-another-secret-another-0", "anonymityKey"),
      clock: { now: () => new Date() },
      keyDays: 30,
    });
    const after = await other.of("ada", { memberId: "bob" });
    expect(after).not.toBe(before);
    expect(keysRepo.rows.map((row) => row.epoch)).toEqual([2]);
  });

  it("store the key sealed, never as it is used", async () => {
    const { keysRepo, pseudonyms } = setup();
    await pseudonyms.of("ada", { memberId: "bob" });
    expect(keysRepo.rows[0]?.sealedKey).toMatch(/^v2\.[\w+/=]+\.[\w+/=]+\.[\w+/=]+$/);
  });
});

describe("browserFamily", () => {
  it("names the browser without its version or platform, and copes with no user agent", () => {
    expect(
      browserFamily(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome");
    expect(browserFamily("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe(
      "Firefox",
    );
    expect(browserFamily("")).toBe("unknown");
    expect(browserFamily("curl/8.5.0")).toBe("other");
  });
});
