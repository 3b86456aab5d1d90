import { DEFAULT_WALLPAPER_POSITION } from "#contract/limits.ts";

/** Where the wallpaper is anchored: each axis a percentage 0–100 (CSS background-position). */
export type WallpaperPosition = { x: number; y: number };

const [DEFAULT_X = 50, DEFAULT_Y = 50] = DEFAULT_WALLPAPER_POSITION.split(",").map(Number);

/** Keeps an axis inside 0–100. */
export function clampAxis(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** Clamped and whole, as the server stores it. */
const wholeAxis = (value: number) => Math.round(clampAxis(value));

/**
 * "30,70" → {x: 30, y: 70}. A missing or non-numeric axis falls back to the default 50; numbers outside
 * 0–100 are clamped. Pure: unit-tested.
 */
export function parseWallpaperPosition(position: string | null | undefined): WallpaperPosition {
  const [rawX, rawY] = (position ?? "").split(",").map((part) => Number.parseFloat(part));
  return {
    x: rawX !== undefined && Number.isFinite(rawX) ? clampAxis(rawX) : DEFAULT_X,
    y: rawY !== undefined && Number.isFinite(rawY) ? clampAxis(rawY) : DEFAULT_Y,
  };
}

/** {x, y} → "x,y", the shape PUT /api/profile takes. */
export function formatWallpaperPosition({ x, y }: WallpaperPosition): string {
  return `${wholeAxis(x)},${wholeAxis(y)}`;
}

/**
 * The position after dragging the picture by `delta` pixels inside a preview of `size` pixels, starting
 * from `start`. Dragging the picture left shows more of its right side, so the position moves the other
 * way from the pointer; one preview width of travel spans the whole 0–100 range.
 */
export function dragWallpaperPosition(
  start: WallpaperPosition,
  delta: { x: number; y: number },
  size: { width: number; height: number },
): WallpaperPosition {
  const along = (from: number, moved: number, length: number) =>
    length > 0 ? wholeAxis(from - (moved / length) * 100) : wholeAxis(from);
  return { x: along(start.x, delta.x, size.width), y: along(start.y, delta.y, size.height) };
}
