import {
  CENTER,
  DRAG_BOUNDS,
  MAX_TYPED_SIZE,
  MAX_UNIQUE_IMAGES,
  MIN_UNIQUE_IMAGES,
  MONTAGE_MESSAGES,
  type Notice,
  ROTATION_STEP,
  TYPED_DEFAULTS,
} from "./montage-constants.ts";

/** The montage's upload, download and position rules as pure functions, unit-tested beside this file. */

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Where a dragged (or nudged) image may rest: x in 0–700, y in 0–500, whole pixels. */
export function clampPosition(x: number, y: number): { x: number; y: number } {
  return {
    x: Math.round(clamp(x, DRAG_BOUNDS.minX, DRAG_BOUNDS.maxX)),
    y: Math.round(clamp(y, DRAG_BOUNDS.minY, DRAG_BOUNDS.maxY)),
  };
}

function parseNumber(text: string): number | null {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
}

/** A typed X or Y: 0 when it is not a number; kept where dragging may put it. */
export function typedPosition(text: string, axis: "x" | "y"): number {
  const value = parseNumber(text) ?? TYPED_DEFAULTS.position;
  return axis === "x"
    ? Math.round(clamp(value, DRAG_BOUNDS.minX, DRAG_BOUNDS.maxX))
    : Math.round(clamp(value, DRAG_BOUNDS.minY, DRAG_BOUNDS.maxY));
}

/** A typed width or height: 50 when it is not a number or not positive; never larger than the canvas. */
export function typedSize(text: string): number {
  const value = parseNumber(text);
  if (value === null || value < 1) return TYPED_DEFAULTS.size;
  return Math.round(Math.min(value, MAX_TYPED_SIZE));
}

/** Rotate 90°: the next quarter turn, modulo 360. */
export function rotateQuarter(rotation: number): number {
  return (((rotation + ROTATION_STEP) % 360) + 360) % 360;
}

/** The profile stays centred on the canvas whatever its size. */
export function centredRect(width: number, height: number) {
  return { x: CENTER.x - width / 2, y: CENTER.y - height / 2, width, height };
}

export type CoverageNote = { tone: "ready" | "short"; text: string };

/** The green or orange note under the unique images. */
export function coverageNote(uniqueCount: number, canvasImageCount: number): CoverageNote {
  if (uniqueCount >= MIN_UNIQUE_IMAGES) {
    return { tone: "ready", text: `Canvas completely filled with ${canvasImageCount} total images` };
  }
  return { tone: "short", text: `Need ${MIN_UNIQUE_IMAGES - uniqueCount} more images (minimum 3)` };
}

/** A whole selection is refused when it holds more images than the slots left. */
export function uniqueUploadRefusal(currentCount: number, selectedCount: number): Notice | null {
  const remaining = Math.max(0, MAX_UNIQUE_IMAGES - currentCount);
  return selectedCount > remaining ? MONTAGE_MESSAGES.tooMany(remaining) : null;
}

/** After images are added: the reminder while fewer than 3 unique images exist. */
export function afterUploadNotice(uniqueCount: number): Notice | null {
  return uniqueCount < MIN_UNIQUE_IMAGES ? MONTAGE_MESSAGES.moreNeeded(uniqueCount) : null;
}

export function canDownload(hasProfile: boolean, uniqueCount: number): boolean {
  return hasProfile || uniqueCount >= MIN_UNIQUE_IMAGES;
}

/** Only image files may be added; some pickers report no type, then the name decides. */
export function isImageFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type.toLowerCase().startsWith("image/");
  return /\.(jpe?g|png|gif|webp|avif|bmp)$/i.test(file.name);
}

/** What makes two chosen files the same unique image. */
export function fileKey(file: { name: string; size: number; lastModified: number }): string {
  return `file:${file.name}:${file.size}:${file.lastModified}`;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The download's name, a local timestamp: montage-2026-11-24-013045.png. */
export function montageFileName(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `montage-${date}-${time}.png`;
}

/**
 * Which offered pictures join the unique images: each new one once (a picture already there, or offered twice,
 * is skipped), and none at all when the new ones are more than the slots left.
 */
export function admitImages<T extends { key: string }>(
  current: readonly { key: string }[],
  offered: readonly T[],
): { admitted: T[]; refusal: Notice | null } {
  const seen = new Set(current.map((image) => image.key));
  const fresh = offered.filter((image) => {
    if (seen.has(image.key)) return false;
    seen.add(image.key);
    return true;
  });
  const refusal = uniqueUploadRefusal(current.length, fresh.length);
  return { admitted: refusal ? [] : fresh, refusal };
}

type PostImages = {
  id: string;
  postName: string;
  originalImage: string;
  scrambledImage: string;
  scrambleImage: boolean;
};

/**
 * The picture a post adds to a montage: the scrambled file when the post is scrambled (never its original;
 * none when no distinct scrambled file exists), otherwise the original.
 */
export function montageImageOfPost(post: PostImages): { key: string; url: string; label: string } | null {
  const scrambled =
    post.scrambledImage && post.scrambledImage !== post.originalImage ? post.scrambledImage : "";
  const url = post.scrambleImage ? scrambled : post.originalImage;
  return url ? { key: `post:${post.id}:${url}`, url, label: post.postName } : null;
}
