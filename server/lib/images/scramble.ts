import { randomInt } from "node:crypto";
import sharp from "sharp";

/** Blocks along the longer side: each becomes one tile of a single colour (its block's average). */
const BLOCKS_LONG_SIDE = 16;
/** Drawn size of one tile: a multiple of 8 px, so every JPEG block lies inside one flat tile. */
export const SCRAMBLE_TILE_PX = 32;

/** A uniformly random permutation of 0..n-1 from the CSPRNG (Fisher–Yates); never stored. */
export function secretPermutation(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** Moves every pixel (one pixel = one block of the original) to a secret random place. */
function shufflePixels(pixels: Buffer, count: number, channels: number): Buffer {
  const out = Buffer.alloc(pixels.length);
  secretPermutation(count).forEach((source, target) => {
    pixels.copy(out, target * channels, source * channels, (source + 1) * channels);
  });
  return out;
}

/**
 * The scrambled copy of an image, irreversible by construction (decision 018): the image is averaged down
 * to at most 16 blocks on its longer side, every block becomes one tile of a single flat colour, and the
 * tiles are shuffled by a secret random permutation. No tile holds any structure (no edges, no texture) and
 * no tile's place says where it came from, so all that survives is a histogram of block colours — there is
 * nothing for a jigsaw solver to match. Works from the already-decoded raw image.
 */
export async function scrambleRaw(
  raw: Buffer,
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
) {
  const scale = BLOCKS_LONG_SIDE / Math.max(info.width, info.height);
  const cols = Math.max(1, Math.round(info.width * scale));
  const rows = Math.max(1, Math.round(info.height * scale));

  const blocks = await sharp(raw, { raw: info })
    .flatten({ background: "#808080" })
    .resize(cols, rows, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = blocks.info.channels;
  const shuffled = shufflePixels(blocks.data, cols * rows, channels);
  return sharp(shuffled, { raw: { width: cols, height: rows, channels } })
    .resize(cols * SCRAMBLE_TILE_PX, rows * SCRAMBLE_TILE_PX, { kernel: "nearest" })
    .jpeg({ quality: 80, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
