import sharp from "sharp";

/** A photo-like RGB image: smooth gradients plus deterministic grain, so encoders do realistic work. */
export function photoPixels(width: number, height: number, seed = 1): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      const grain = (state >> 16) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + grain) & 255;
      pixels[i + 1] = ((y * 255) / height + grain) & 255;
      pixels[i + 2] = (((x + y) * 128) / (width + height) + 64 + grain) & 255;
    }
  }
  return pixels;
}

/** A 12-megapixel (4000×3000) camera-style JPEG with EXIF. */
export function twelveMegapixelJpeg(): Promise<Buffer> {
  return sharp(photoPixels(4000, 3000), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "Bench", Model: "Camera" } })
    .toBuffer();
}

/** A PNG of about 2 MB. */
export function twoMegabytePng(): Promise<Buffer> {
  return sharp(photoPixels(1100, 900, 7), { raw: { width: 1100, height: 900, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
