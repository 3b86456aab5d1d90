import type { ImageBanner } from "#contract/api/posts.ts";
import { ApiError } from "#web/lib/api-request.ts";
import { downloadFileName } from "#web/lib/post-display.ts";
import {
  DOWNLOAD_IMAGE,
  type DownloadLayout,
  downloadLayout,
  fitText,
  type TextBand,
} from "./banner-layout.ts";

export type DownloadOptions = {
  /** The image file to draw (same origin, or the store's public address with CORS, so the canvas stays exportable). */
  src: string;
  postName: string;
  /** Add the "Post: <name>" strip at the bottom. */
  includeName: boolean;
  loadBanner: () => Promise<ImageBanner>;
};

export type DownloadOutcome = {
  /** Why the banner is missing from the downloaded image, when the member should be told; null otherwise. */
  bannerProblem: string | null;
};

const FONT_FAMILY = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = "async";
  // A scrambled copy may be sent on to the object store's public address (S3_PUBLIC_URL): a CORS load keeps
  // the canvas exportable there; on our own origin it changes nothing (cookies are still sent).
  image.crossOrigin = "anonymous";
  image.src = src;
  await image.decode();
  return image;
}

async function bannerText(loadBanner: () => Promise<ImageBanner>) {
  try {
    const banner = await loadBanner();
    return { text: banner.isEnabled ? banner.text : null, problem: null };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : "network error";
    return { text: null, problem: `Failed to fetch banner settings: ${status}` };
  }
}

function drawBand(context: CanvasRenderingContext2D, band: TextBand & { text: string }, weight: string) {
  context.fillStyle = "rgba(15, 23, 42, 0.72)";
  context.fillRect(band.rect.x, band.rect.y, band.rect.width, band.rect.height);
  context.font = `${weight} ${band.fontSize}px ${FONT_FAMILY}`;
  context.fillStyle = "#ffffff";
  context.textAlign = "center";
  context.textBaseline = "middle";
  const text = fitText(band.text, band.maxTextWidth, (value) => context.measureText(value).width);
  context.fillText(text, band.centerX, band.centerY);
}

function draw(context: CanvasRenderingContext2D, image: HTMLImageElement, layout: DownloadLayout) {
  context.fillStyle = "#0f172a";
  context.fillRect(0, 0, layout.canvas.width, layout.canvas.height);
  const { x, y, width, height } = layout.image;
  context.drawImage(image, x, y, width, height);
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded"))),
      DOWNLOAD_IMAGE.type,
      DOWNLOAD_IMAGE.quality,
    );
  });
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Composes the 800×600 JPEG at quality 0.9 (image letterboxed, admin banner bar across the middle, optional
 * name strip) and saves it. Throws when the image itself cannot be loaded or encoded; a banner that cannot
 * be fetched or drawn is left out and reported in the outcome.
 */
export async function downloadPostImage(options: DownloadOptions): Promise<DownloadOutcome> {
  const [image, banner] = await Promise.all([loadImage(options.src), bannerText(options.loadBanner)]);
  let bannerProblem = banner.problem;

  const layout = downloadLayout({
    imageWidth: image.naturalWidth,
    imageHeight: image.naturalHeight,
    bannerText: banner.text,
    postName: options.includeName ? options.postName : null,
  });
  const canvas = document.createElement("canvas");
  canvas.width = layout.canvas.width;
  canvas.height = layout.canvas.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");

  draw(context, image, layout);
  if (layout.banner) {
    try {
      drawBand(context, layout.banner, "bold");
    } catch {
      // Start again without the banner rather than saving a half-drawn one.
      draw(context, image, layout);
      bannerProblem = "The banner could not be drawn";
    }
  }
  if (layout.name) drawBand(context, layout.name, "600");

  saveBlob(await toJpeg(canvas), downloadFileName(options.postName));
  return { bannerProblem };
}
