import { fittedSize } from "./cover-crop.ts";

/**
 * Pictures are drawn from a copy at most this large: sixty 12-megapixel photos scaled on every frame of a
 * drag would not stay smooth, and no image on the 800×600 canvas needs more at twice the pixel density.
 */
const MAX_DRAWN_SIDE = 640;

export type PreparedImage = HTMLCanvasElement | HTMLImageElement;

const prepared = new Map<string, Promise<PreparedImage>>();

async function prepare(url: string): Promise<PreparedImage> {
  const image = new Image();
  image.decoding = "async";
  // A scrambled copy may be sent on to the object store's public address (S3_PUBLIC_URL): a CORS load keeps
  // the canvas exportable there; on our own origin it changes nothing (cookies are still sent).
  image.crossOrigin = "anonymous";
  image.src = url;
  await image.decode();
  const size = fittedSize(image.naturalWidth, image.naturalHeight, MAX_DRAWN_SIDE);
  if (size.width === image.naturalWidth) return image;
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return image;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, size.width, size.height);
  return canvas;
}

/** The drawable copy of the picture at `url`, made once per URL. */
export function preparedImage(url: string): Promise<PreparedImage> {
  let promise = prepared.get(url);
  if (!promise) {
    promise = prepare(url);
    promise.catch(() => prepared.delete(url));
    prepared.set(url, promise);
  }
  return promise;
}

/** Forgets the copies of pictures that are gone (their object URLs are revoked). */
export function forgetPreparedImages(urls: Iterable<string>) {
  for (const url of urls) prepared.delete(url);
}
