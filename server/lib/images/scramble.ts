import { randomInt } from "node:crypto";
import sharp from "sharp";

const GRID = 8;
const SCRAMBLE_MAX_SIDE = 640;
const PIXEL_BLOCK = 12;
const BLUR_SIGMA = 6;

/** A random permutation of 0..n-1 with no index left in place (n ≥ 2), from the CSPRNG; never stored. */
export function secretDerangement(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  // Rotate away any fixed points so no tile stays where it was.
  for (let i = 0; i < n; i++) {
    if (order[i] === i) {
      const k = (i + 1) % n;
      [order[i], order[k]] = [order[k] as number, order[i] as number];
    }
  }
  return order;
}

function shuffleTiles(pixels: Buffer, width: number, height: number, channels: number): Buffer {
  const tileW = width / GRID;
  const tileH = height / GRID;
  const order = secretDerangement(GRID * GRID);
  const out = Buffer.alloc(pixels.length);
  const rowBytes = tileW * channels;
  order.forEach((source, target) => {
    const sx = (source % GRID) * tileW;
    const sy = Math.floor(source / GRID) * tileH;
    const tx = (target % GRID) * tileW;
    const ty = Math.floor(target / GRID) * tileH;
    for (let row = 0; row < tileH; row++) {
      const from = ((sy + row) * width + sx) * channels;
      pixels.copy(out, ((ty + row) * width + tx) * channels, from, from + rowBytes);
    }
  });
  return out;
}

/**
 * The scrambled copy of an image: pixelated (averaging destroys detail), its tiles moved by a secret random
 * permutation, then heavily blurred. Nothing needed to undo it is kept, so it cannot be turned back into
 * the original. Works from an already-decoded raw image to avoid decoding the upload twice.
 */
export async function scrambleRaw(
  raw: Buffer,
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
) {
  const scale = Math.min(1, SCRAMBLE_MAX_SIDE / Math.max(info.width, info.height));
  const step = GRID * PIXEL_BLOCK;
  const width = Math.max(step, Math.round((info.width * scale) / step) * step);
  const height = Math.max(step, Math.round((info.height * scale) / step) * step);

  const small = await sharp(raw, { raw: info })
    .flatten({ background: "#808080" })
    .resize(width / PIXEL_BLOCK, height / PIXEL_BLOCK, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixelated = await sharp(small.data, { raw: small.info })
    .resize(width, height, { fit: "fill", kernel: "nearest" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = pixelated.info.channels;
  const shuffled = shuffleTiles(pixelated.data, width, height, channels);
  return sharp(shuffled, { raw: { width, height, channels } })
    .blur(BLUR_SIGMA)
    .jpeg({ quality: 70 })
    .toBuffer();
}
