import { describe, expect, it } from "vitest";
import { CANVAS, EXCLUSION_RADIUS, MAX_CANVAS_IMAGES } from "./montage-constants.ts";
import { generateLayout, layoutGeometry, seededRandom } from "./montage-layout.ts";

const sources = (count: number) => Array.from({ length: count }, (_, index) => `image-${index + 1}`);
const SEEDS = Array.from({ length: 300 }, (_, index) => index * 7919 + 1);

describe("generateLayout", () => {
  it("places nothing without images", () => {
    expect(generateLayout([], 42)).toEqual([]);
  });

  it("keeps its sizes, the canvas, the centre zone and the image limit for many seeds and image counts", () => {
    const broken: string[] = [];
    for (const count of [1, 3, 7, 10]) {
      for (const seed of SEEDS) {
        const layout = generateLayout(sources(count), seed);
        if (layout.length === 0 || layout.length > MAX_CANVAS_IMAGES)
          broken.push(`${seed}: ${layout.length}`);
        for (const image of layout) {
          const problems = [
            image.width < 80 || image.width > 120 ? "size" : "",
            image.height !== image.width ? "square" : "",
            image.x < 0 || image.y < 0 ? "before the canvas" : "",
            image.x + image.width > CANVAS.width || image.y + image.height > CANVAS.height
              ? "past the canvas"
              : "",
            layoutGeometry.distanceToCenter(image.x, image.y, image.width) < EXCLUSION_RADIUS
              ? "in the zone"
              : "",
            image.rotation !== 0 ? "rotated" : "",
          ].filter(Boolean);
          if (problems.length > 0) broken.push(`${count}/${seed} ${JSON.stringify(image)}: ${problems}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("fills the canvas: each layout holds dozens of images", () => {
    const counts = SEEDS.map((seed) => generateLayout(sources(3), seed).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(40);
  });

  it("uses every unique image and only those, with unique ids", () => {
    const layout = generateLayout(sources(10), 7);
    expect(new Set(layout.map((image) => image.sourceId))).toEqual(new Set(sources(10)));
    expect(new Set(layout.map((image) => image.id)).size).toBe(layout.length);
  });

  it("gives the same layout for the same seed and a different one for another seed", () => {
    expect(generateLayout(sources(4), 123)).toEqual(generateLayout(sources(4), 123));
    expect(generateLayout(sources(4), 123)).not.toEqual(generateLayout(sources(4), 124));
  });
});

describe("the exclusion zone's geometry", () => {
  it("measures from the centre (400,300) to the nearest point of a square", () => {
    expect(layoutGeometry.distanceToCenter(350, 250, 100)).toBe(0);
    expect(layoutGeometry.distanceToCenter(0, 250, 100)).toBe(300);
    expect(layoutGeometry.distanceToCenter(500, 400, 100)).toBeCloseTo(Math.hypot(100, 100));
  });
});

describe("seededRandom", () => {
  it("repeats its sequence for a seed and stays in [0, 1)", () => {
    const a = seededRandom(99);
    const b = seededRandom(99);
    for (let index = 0; index < 1000; index += 1) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
