import { open } from "node:fs/promises";
import sharp from "sharp";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { AppError } from "#server/lib/app-error.ts";
import { scrambleRaw } from "./scramble.ts";

/** Decompression-bomb guard: larger images are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const ORIGINAL_MAX_SIDE = 2048;
export const THUMBNAIL_MAX_SIDE = 480;

/** The formats an upload may be, with the libvips loader that reads each. */
const LOADERS = {
  jpeg: "VipsForeignLoadJpeg",
  png: "VipsForeignLoadPng",
  gif: "VipsForeignLoadNsgif",
  webp: "VipsForeignLoadWebp",
} as const;
type AcceptedFormat = keyof typeof LOADERS;

/**
 * libvips in this process decodes the accepted formats only: every other loader (TIFF, SVG, PDF, HEIF, JPEG
 * XL, raw camera files… each a parser of its own) is switched off, so no file reaches one whatever its bytes.
 */
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({ operation: Object.values(LOADERS) });

/** How many leading bytes tell the accepted formats apart. */
const SIGNATURE_LENGTH = 12;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The accepted format whose signature these first bytes carry, or undefined for any other file. */
function formatBySignature(head: Buffer): AcceptedFormat | undefined {
  const text = (start: number, end: number) => head.toString("latin1", start, end);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "png";
  if (text(0, 6) === "GIF87a" || text(0, 6) === "GIF89a") return "gif";
  if (text(0, 4) === "RIFF" && text(8, 12) === "WEBP") return "webp";
  return undefined;
}

export type ProcessedImage = {
  original: { data: Buffer; extension: "jpg" | "png" | "webp" };
  thumbnail: { data: Buffer; extension: "webp" };
  scrambled: { data: Buffer; extension: "jpg" };
  width: number;
  height: number;
};

/** The upload's bytes, or the path of the temporary file they were streamed to. */
type ImageInput = Buffer | string;

async function firstBytes(input: ImageInput) {
  if (typeof input !== "string") return input.subarray(0, SIGNATURE_LENGTH);
  const file = await open(input, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SIGNATURE_LENGTH), 0, SIGNATURE_LENGTH, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function readHeader(input: ImageInput) {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("unsupported_type", POST_MESSAGES.invalidFileType);
  }
}

/**
 * Checks an upload by its bytes — its signature before sharp is given it, then the header sharp reads must
 * agree — then decodes it once: auto-rotated, longest side capped, every metadata block dropped (EXIF, GPS,
 * XMP, ICC — output is plain sRGB), re-encoded; plus a thumbnail and a scrambled copy.
 */
export async function processImage(input: ImageInput): Promise<ProcessedImage> {
  const format = formatBySignature(await firstBytes(input));
  if (!format) throw new AppError("unsupported_type", POST_MESSAGES.invalidFileType);
  const header = await readHeader(input);
  if (header.format !== format) throw new AppError("unsupported_type", POST_MESSAGES.invalidFileType);
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
    format === "jpeg"
      ? { extension: "jpg" as const, encode: () => fromRaw().jpeg({ quality: 88 }).toBuffer() }
      : format === "webp"
        ? { extension: "webp" as const, encode: () => fromRaw().webp({ quality: 88 }).toBuffer() }
        : hasAlpha || format === "png"
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
