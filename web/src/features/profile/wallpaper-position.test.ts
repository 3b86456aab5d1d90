import { describe, expect, it } from "vitest";
import {
  clampAxis,
  dragWallpaperPosition,
  formatWallpaperPosition,
  parseWallpaperPosition,
} from "./wallpaper-position.ts";

describe("parseWallpaperPosition", () => {
  it("reads the stored 'x,y'", () => {
    expect(parseWallpaperPosition("30,70")).toEqual({ x: 30, y: 70 });
    expect(parseWallpaperPosition(" 12.5 , 0 ")).toEqual({ x: 12.5, y: 0 });
  });

  it("falls back to 50 per missing or malformed axis and clamps to 0–100", () => {
    expect(parseWallpaperPosition(null)).toEqual({ x: 50, y: 50 });
    expect(parseWallpaperPosition("abc")).toEqual({ x: 50, y: 50 });
    expect(parseWallpaperPosition("20")).toEqual({ x: 20, y: 50 });
    expect(parseWallpaperPosition("-10,150")).toEqual({ x: 0, y: 100 });
  });
});

describe("formatWallpaperPosition", () => {
  it("writes whole, clamped numbers", () => {
    expect(formatWallpaperPosition({ x: 12.6, y: 99.2 })).toBe("13,99");
    expect(formatWallpaperPosition({ x: -4, y: 140 })).toBe("0,100");
  });

  it("round-trips with parse", () => {
    for (const position of ["0,0", "50,50", "100,100", "7,93"]) {
      expect(formatWallpaperPosition(parseWallpaperPosition(position))).toBe(position);
    }
  });
});

describe("clampAxis", () => {
  it("keeps values inside 0–100", () => {
    expect(clampAxis(-1)).toBe(0);
    expect(clampAxis(101)).toBe(100);
    expect(clampAxis(49.5)).toBe(49.5);
  });
});

describe("dragWallpaperPosition", () => {
  const size = { width: 400, height: 200 };

  it("moves against the pointer, one preview length spanning 0–100", () => {
    expect(dragWallpaperPosition({ x: 50, y: 50 }, { x: -100, y: 0 }, size)).toEqual({ x: 75, y: 50 });
    expect(dragWallpaperPosition({ x: 50, y: 50 }, { x: 0, y: 50 }, size)).toEqual({ x: 50, y: 25 });
  });

  it("stops at the edges", () => {
    expect(dragWallpaperPosition({ x: 90, y: 10 }, { x: -400, y: 400 }, size)).toEqual({ x: 100, y: 0 });
  });

  it("ignores an empty preview", () => {
    expect(dragWallpaperPosition({ x: 30, y: 60 }, { x: 10, y: 10 }, { width: 0, height: 0 })).toEqual({
      x: 30,
      y: 60,
    });
  });
});
