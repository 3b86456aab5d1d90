import { describe, expect, it } from "vitest";
import { clampDragOffset, MIN_VISIBLE_PX } from "./drag-bounds.ts";

const viewport = { width: 1000, height: 800 };
const box = { left: 300, top: 100, width: 400, height: 500 };

describe("clampDragOffset", () => {
  it("moves freely inside the viewport", () => {
    expect(clampDragOffset({ x: 0, y: 0 }, box, { x: 50, y: -40 }, viewport)).toEqual({ x: 50, y: -40 });
    expect(clampDragOffset({ x: 10, y: 20 }, box, { x: -5, y: 5 }, viewport)).toEqual({ x: 5, y: 25 });
  });

  it("keeps the header below the top edge", () => {
    expect(clampDragOffset({ x: 0, y: 0 }, box, { x: 0, y: -500 }, viewport)).toEqual({ x: 0, y: -100 });
  });

  it("keeps a grabbable part on screen at the other edges", () => {
    expect(clampDragOffset({ x: 0, y: 0 }, box, { x: 5000, y: 5000 }, viewport)).toEqual({
      x: viewport.width - MIN_VISIBLE_PX - box.left,
      y: viewport.height - MIN_VISIBLE_PX - box.top,
    });
    expect(clampDragOffset({ x: 0, y: 0 }, box, { x: -5000, y: 0 }, viewport)).toEqual({
      x: MIN_VISIBLE_PX - box.width - box.left,
      y: 0,
    });
  });
});
