import sharp from "sharp";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { AppError } from "#server/lib/app-error.ts";
import { scrambleRaw } from "./scramble.ts";

/** Decompression-bomb guard: larger images are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const ORIGINAL_MAX_SIDE = 2048;
export const THUMBNAIL_MAX_SIDE = 480;

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "gif", "webp"]);

export type ProcessedImage = {
  original: { data: Buffer; extension: "jpg" | "png" | "webp" };
  thumbnail: { data: Buffer; extension: "webp" };
  scrambled: { data: Buffer; extension: "jpg" };
  width: number;
  height: number;
};

/** The upload's bytes, or the path of the temporary file they were streamed to. */
type ImageInput = Buffer | string;

async function readHeader(input: ImageInput) {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("unsupported_type", POST_MESSAGES.invalidFileType);
  }
}

/**
 * Checks an upload by its bytes, then decodes it once: auto-rotated, longest side capped, every metadata
 * block dropped (EXIF, GPS, XMP, ICC — output is plain sRGB), re-encoded; plus a thumbnail and a scrambled copy.
 */
export async function processImage(input: ImageInput): Promise<ProcessedImage> {
  const header = await readHeader(input);
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) {
    throw new AppError("unsupported_type", POST_MESSAGES.invalidFileType);
  }
  if (!header.width || !header.height || header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError("too_large", POST_MESSAGES.tooManyPixels);
  }

  let decoded: { data: Buffer; info: import("sharp").OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated: false })
      .rotate()
      .resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError("validation", POST_MESSAGES.corruptImage);
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const hasAlpha = info.channels === 4;
  const fromRaw = () => sharp(data, { raw });

  const originalEncoder =
    header.format === "jpeg"
      ? { extension: "jpg" as const, encode: () => fromRaw().jpeg({ quality: 88 }).toBuffer() }
      : header.format === "webp"
        ? { extension: "webp" as const, encode: () => fromRaw().webp({ quality: 88 }).toBuffer() }
        : hasAlpha || header.format === "png"
          ? { extension: "png" as const, encode: () => fromRaw().png({ compressionLevel: 6 }).toBuffer() }
          : { extension: "jpg" as const, encode: () => fromRaw().jpeg({ quality: 88 }).toBuffer() };

  const [original, thumbnail, scrambled] = await Promise.all([
    originalEncoder.encode(),
    fromRaw()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer(),
    scrambleRaw(data, raw),
  ]);
  return {
    original: { data: original, extension: originalEncoder.extension },
    thumbnail: { data: thumbnail, extension: "webp" },
    scrambled: { data: scrambled, extension: "jpg" },
    width: info.width,
    height: info.height,
  };
}
