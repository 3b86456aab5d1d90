import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gradientPixels } from "#server/test/images.ts";
import { SCRAMBLE_TILE_PX, scrambleRaw } from "./scramble.ts";

type Rgb = [number, number, number];

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((v, c) => Math.abs(v - (b[c] ?? 0))));

/** Mean colour and largest deviation from it inside every tile (a 2 px rim skipped for JPEG edges). */
async function tiles(image: Buffer, tile: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const cols = info.width / tile;
  const rows = info.height / tile;
  const at = (x: number, y: number): Rgb => {
    const i = (y * info.width + x) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  const result: { mean: Rgb; spread: number }[] = [];
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      const pixels: Rgb[] = [];
      for (let y = ty * tile + 2; y < (ty + 1) * tile - 2; y++) {
        for (let x = tx * tile + 2; x < (tx + 1) * tile - 2; x++) pixels.push(at(x, y));
      }
      const mean = [0, 1, 2].map((c) => pixels.reduce((s, p) => s + (p[c] ?? 0), 0) / pixels.length) as Rgb;
      result.push({ mean, spread: Math.max(...pixels.map((p) => distance(p, mean))) });
    }
  }
  return { cols, rows, tiles: result };
}

/** The original's colour averaged over the block each tile stands for, in place. */
async function blockMeans(raw: Buffer, width: number, height: number, cols: number, rows: number) {
  const { data } = await sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(cols, rows, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Array.from(
    { length: cols * rows },
    (_, i) => [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0] as Rgb,
  );
}

const meanNeighbourDistance = (colours: Rgb[], cols: number) => {
  const pairs = colours.flatMap((c, i) => ((i + 1) % cols === 0 ? [] : [distance(c, colours[i + 1] ?? c)]));
  return pairs.reduce((s, d) => s + d, 0) / pairs.length;
};

describe("scrambleRaw", () => {
  const width = 960;
  const height = 720;
  const raw = gradientPixels(width, height);

  it("makes every tile one flat colour, so no tile carries structure from the original", async () => {
    const scrambled = await scrambleRaw(raw, { width, height, channels: 3 });
    const { tiles: measured } = await tiles(scrambled, SCRAMBLE_TILE_PX);
    const spreads = measured.map((t) => t.spread);
    expect(Math.max(...spreads)).toBeLessThanOrEqual(3);
  });

  it("keeps only the colours of the original's blocks, in a secret order with no neighbour cues", async () => {
    const scrambled = await scrambleRaw(raw, { width, height, channels: 3 });
    const { cols, rows, tiles: measured } = await tiles(scrambled, SCRAMBLE_TILE_PX);
    const original = await blockMeans(raw, width, height, cols, rows);
    const colours = measured.map((t) => t.mean);

    // The same colours (a histogram) survive…
    const key = (c: Rgb) => c[0] * 65536 + c[1] * 256 + c[2];
    const sorted = (list: Rgb[]) => [...list].sort((a, b) => key(a) - key(b));
    const unmatched = [...colours];
    for (const colour of sorted(original)) {
      const i = unmatched.findIndex((c) => distance(c, colour) <= 6);
      expect(i, `a tile of colour ${colour}`).toBeGreaterThanOrEqual(0);
      unmatched.splice(i, 1);
    }
    // …but hardly any stays in place, and neighbours are as unlike as two random blocks, so an edge-matching
    // puzzle solver has nothing to join.
    const inPlace = colours.filter((c, i) => distance(c, original[i] ?? [-99, -99, -99]) <= 6).length;
    expect(inPlace).toBeLessThan(colours.length / 10);
    expect(meanNeighbourDistance(colours, cols)).toBeGreaterThan(3 * meanNeighbourDistance(original, cols));
  });
});
