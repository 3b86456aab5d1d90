import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { jsonArrayStream, onePage } from "./json-array-stream.ts";

async function* pages<T>(...lists: T[][]) {
  for (const list of lists) yield list;
}

describe("jsonArrayStream", () => {
  it("writes the pages as one array, as JSON.stringify(all, null, 2) would", async () => {
    const all = [{ a: 1, b: { c: [1, 2] } }, { a: 2, b: null }, "three", [4]];
    expect(await text(jsonArrayStream(pages(all.slice(0, 2), [], all.slice(2))))).toBe(
      `${JSON.stringify(all, null, 2)}\n`,
    );
  });

  it("writes an empty array when there is nothing", async () => {
    expect(JSON.parse(await text(jsonArrayStream(pages([], []))))).toEqual([]);
    expect(JSON.parse(await text(jsonArrayStream(onePage(async () => []))))).toEqual([]);
  });

  it("asks for the next page only when the reader wants more", async () => {
    let asked = 0;
    async function* counted() {
      for (let i = 0; i < 3; i++) {
        asked += 1;
        yield [i];
      }
    }
    const stream = jsonArrayStream(counted());
    expect(asked).toBe(0);
    expect(await text(stream)).toBe(`${JSON.stringify([0, 1, 2], null, 2)}\n`);
    expect(asked).toBe(3);
  });

  it("fails the stream when a page cannot be read", async () => {
    const failing = onePage(async () => {
      throw new Error("database gone");
    });
    await expect(text(jsonArrayStream(failing))).rejects.toThrow("database gone");
  });
});
