import { describe, expect, it } from "vitest";
import { coverCrop, fittedSize } from "./cover-crop.ts";

describe("coverCrop", () => {
  it("crops the sides of a wide picture and the top and bottom of a tall one", () => {
    expect(coverCrop(400, 200, 100, 100)).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    expect(coverCrop(200, 400, 100, 100)).toEqual({ x: 0, y: 100, width: 200, height: 200 });
    expect(coverCrop(300, 300, 100, 50)).toEqual({ x: 0, y: 75, width: 300, height: 150 });
  });

  it("keeps the whole picture when it already has the box's shape", () => {
    expect(coverCrop(640, 480, 80, 60)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });
});

describe("fittedSize", () => {
  it("shrinks the longest side to the limit and never enlarges", () => {
    expect(fittedSize(4000, 3000, 400)).toEqual({ width: 400, height: 300 });
    expect(fittedSize(300, 1200, 400)).toEqual({ width: 100, height: 400 });
    expect(fittedSize(120, 80, 400)).toEqual({ width: 120, height: 80 });
  });
});
