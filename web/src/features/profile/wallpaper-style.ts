import type { CSSProperties } from "react";
import { parseWallpaperPosition } from "./wallpaper-position.ts";

/** How a member's wallpaper is drawn: the dashboard banner and the edit preview. Pure: unit-tested. */

/** "30,70" → "30% 70%"; malformed axes fall back to 50, out-of-range ones are clamped to 0–100. */
export function toBackgroundPosition(position: string | null | undefined): string {
  const { x, y } = parseWallpaperPosition(position);
  return `${x}% ${y}%`;
}

/** A CSS url(); quotes, backslashes and line breaks are percent-encoded so they cannot end the string. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (char) => encodeURIComponent(char))}")`;
}

/** Inline style of the banner: the member's wallpaper, or null to use the theme gradient. */
export function wallpaperStyle(wallpaperUrl: string | null, position: string | null): CSSProperties | null {
  if (!wallpaperUrl) return null;
  return {
    backgroundImage: cssUrl(wallpaperUrl),
    backgroundPosition: toBackgroundPosition(position),
    backgroundSize: "cover",
  };
}
