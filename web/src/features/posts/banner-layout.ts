/**
 * Layout of the downloaded post image: an 800×600 JPEG at quality 0.9; the admin banner in a bar
 * from 45% to 55% of the height with a font of at least 24 px or 4% of the width, whichever is larger; an
 * optional "Post: <name>" strip in the bottom 10%. Pure math, unit-tested; drawing is in download-post-image.ts.
 */

export const DOWNLOAD_IMAGE = { width: 800, height: 600, type: "image/jpeg", quality: 0.9 } as const;

export const BANNER_BAR = { top: 0.45, bottom: 0.55, minFontPx: 24, fontWidthRatio: 0.04 } as const;
export const NAME_STRIP = { top: 0.9, minFontPx: 16, fontWidthRatio: 0.03, maxFontOfStrip: 0.6 } as const;
/** Space kept free on each side of a text line, as a share of the width. */
export const TEXT_SIDE_PADDING = 0.04;

export type Rect = { x: number; y: number; width: number; height: number };

export type TextBand = {
  rect: Rect;
  fontSize: number;
  /** Where to draw the text centred (textAlign center, textBaseline middle). */
  centerX: number;
  centerY: number;
  /** The widest the text may be. */
  maxTextWidth: number;
};

/** The largest rectangle with the image's aspect ratio that fits in the box, centred ("contain"). */
export function containRect(
  imageWidth: number,
  imageHeight: number,
  boxWidth: number,
  boxHeight: number,
): Rect {
  if (imageWidth <= 0 || imageHeight <= 0) return { x: 0, y: 0, width: boxWidth, height: boxHeight };
  const scale = Math.min(boxWidth / imageWidth, boxHeight / imageHeight);
  const width = Math.round(imageWidth * scale);
  const height = Math.round(imageHeight * scale);
  return { x: Math.round((boxWidth - width) / 2), y: Math.round((boxHeight - height) / 2), width, height };
}

function band(width: number, top: number, bottom: number, fontSize: number): TextBand {
  const rect = { x: 0, y: top, width, height: bottom - top };
  return {
    rect,
    fontSize,
    centerX: width / 2,
    centerY: top + rect.height / 2,
    maxTextWidth: Math.max(0, width - 2 * Math.round(width * TEXT_SIDE_PADDING)),
  };
}

/** The admin banner bar across the middle: 45%–55% of the height; font max(24 px, 4% of width). */
export function bannerBand(width: number, height: number): TextBand {
  const fontSize = Math.max(BANNER_BAR.minFontPx, Math.round(width * BANNER_BAR.fontWidthRatio));
  return band(width, Math.round(height * BANNER_BAR.top), Math.round(height * BANNER_BAR.bottom), fontSize);
}

/** The "Post: <name>" strip in the bottom 10%; its font fits the strip. */
export function nameBand(width: number, height: number): TextBand {
  const top = Math.round(height * NAME_STRIP.top);
  const stripHeight = height - top;
  const wanted = Math.max(NAME_STRIP.minFontPx, Math.round(width * NAME_STRIP.fontWidthRatio));
  const fontSize = Math.max(1, Math.min(wanted, Math.floor(stripHeight * NAME_STRIP.maxFontOfStrip)));
  return band(width, top, height, fontSize);
}

export function nameStripText(postName: string): string {
  return `Post: ${postName.trim()}`;
}

/**
 * Shortens `text` with an ellipsis until `measure` says it fits in `maxWidth` (the font stays at its size:
 * the banner's minimum is a rule). Returns "" when not even the ellipsis fits.
 */
export function fitText(text: string, maxWidth: number, measure: (value: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  // Binary search for the longest prefix that fits with "…".
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join("").trimEnd()}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  if (low === 0) return measure("…") <= maxWidth ? "…" : "";
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

export type DownloadLayout = {
  canvas: { width: number; height: number };
  image: Rect;
  banner: (TextBand & { text: string }) | null;
  name: (TextBand & { text: string }) | null;
};

/** Everything to draw, given the source image's size and what to write on it. */
export function downloadLayout(options: {
  imageWidth: number;
  imageHeight: number;
  bannerText: string | null;
  postName: string | null;
  width?: number;
  height?: number;
}): DownloadLayout {
  const width = options.width ?? DOWNLOAD_IMAGE.width;
  const height = options.height ?? DOWNLOAD_IMAGE.height;
  const bannerText = options.bannerText?.trim() ?? "";
  const postName = options.postName?.trim() ?? "";
  return {
    canvas: { width, height },
    image: containRect(options.imageWidth, options.imageHeight, width, height),
    banner: bannerText ? { ...bannerBand(width, height), text: bannerText } : null,
    name: postName ? { ...nameBand(width, height), text: nameStripText(postName) } : null,
  };
}
