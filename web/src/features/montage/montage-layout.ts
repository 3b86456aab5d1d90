import {
  CANVAS,
  CENTER,
  DUPLICATE_SIZE,
  EXCLUSION_RADIUS,
  GRID_JITTER,
  GRID_SPACING,
  MAX_CANVAS_IMAGES,
} from "./montage-constants.ts";

/**
 * The generated montage: the unique images duplicated over a grid of cells 80 px apart,
 * each copy pushed up to 50 px further and sized 80–120 px, kept inside the 800×600 canvas and out of the
 * radius-120 zone around the centre where the profile sits, at most 60 in all. Pure and seeded: the same
 * images and seed give the same layout, so Shuffle is a new seed and undo restores the old one.
 */

/** One image on the canvas: a copy of the unique image `sourceId`; (x, y) is its unrotated top-left corner. */
export type CanvasImage = {
  id: string;
  sourceId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
};

/** mulberry32: a small, fast 32-bit generator, plenty for placing pictures. Returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A new seed for Shuffle. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 4_294_967_296);
}

/** The distance from the zone's centre to the nearest point of the square. */
function distanceToCenter(x: number, y: number, size: number): number {
  const dx = Math.max(x - CENTER.x, 0, CENTER.x - (x + size));
  const dy = Math.max(y - CENTER.y, 0, CENTER.y - (y + size));
  return Math.hypot(dx, dy);
}

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

export function generateLayout(sourceIds: readonly string[], seed: number): CanvasImage[] {
  if (sourceIds.length === 0) return [];
  const random = seededRandom(seed);
  const placed: Omit<CanvasImage, "id" | "sourceId">[] = [];
  for (let cellY = 0; cellY < CANVAS.height; cellY += GRID_SPACING) {
    for (let cellX = 0; cellX < CANVAS.width; cellX += GRID_SPACING) {
      const size = Math.round(DUPLICATE_SIZE.min + random() * (DUPLICATE_SIZE.max - DUPLICATE_SIZE.min));
      const x = Math.min(Math.round(cellX + random() * GRID_JITTER), CANVAS.width - size);
      const y = Math.min(Math.round(cellY + random() * GRID_JITTER), CANVAS.height - size);
      if (distanceToCenter(x, y, size) < EXCLUSION_RADIUS) continue;
      placed.push({ x, y, width: size, height: size, rotation: 0 });
    }
  }
  // When more cells are free than the cap allows, a seeded choice of them stays, still drawn in grid order.
  const kept =
    placed.length > MAX_CANVAS_IMAGES
      ? shuffled(
          placed.map((_, index) => index),
          random,
        )
          .slice(0, MAX_CANVAS_IMAGES)
          .sort((a, b) => a - b)
          .map((index) => placed[index] as (typeof placed)[number])
      : placed;
  // Each pass over the images is in a new seeded order, so neighbours rarely repeat and every image appears.
  const order: string[] = [];
  while (order.length < kept.length) order.push(...shuffled(sourceIds, random));
  return kept.map((spot, index) => ({
    ...spot,
    id: `${seed.toString(36)}-${index}`,
    sourceId: order[index] as string,
  }));
}

/** Exposed for the tests: how far a square lies from the centre of the exclusion zone. */
export const layoutGeometry = { distanceToCenter };
