import { describe, expect, it } from "vitest";
import { parseScrambleMap, withScramble } from "./scramble-map.ts";

describe("parseScrambleMap", () => {
  it("reads boolean entries and ignores the rest", () => {
    expect(parseScrambleMap('{"a":true,"b":false,"c":"yes","d":1}')).toEqual({ a: true, b: false });
  });

  it("survives missing or damaged storage", () => {
    expect(parseScrambleMap(null)).toEqual({});
    expect(parseScrambleMap("not json")).toEqual({});
    expect(parseScrambleMap("[true]")).toEqual({});
    expect(parseScrambleMap("null")).toEqual({});
  });
});

describe("withScramble", () => {
  it("sets and removes one post without touching the original", () => {
    const map = { a: true };
    expect(withScramble(map, "b", false)).toEqual({ a: true, b: false });
    expect(withScramble(map, "a", undefined)).toEqual({});
    expect(map).toEqual({ a: true });
  });
});
