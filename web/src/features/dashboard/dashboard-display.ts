import type { CSSProperties } from "react";
import { DEFAULT_WALLPAPER_POSITION } from "#contract/limits.ts";

/** Display rules of the dashboard header (spec 1 §2 "Dashboard"). Pure: unit-tested. */

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** "30,70" → "30% 70%"; malformed axes fall back to 50, out-of-range ones are clamped to 0–100. */
export function toBackgroundPosition(position: string | null | undefined): string {
  const [defaultX = 50, defaultY = 50] = DEFAULT_WALLPAPER_POSITION.split(",").map(Number);
  const [rawX, rawY] = (position ?? "").split(",").map((part) => Number.parseFloat(part));
  const x = rawX !== undefined && Number.isFinite(rawX) ? clamp(rawX) : defaultX;
  const y = rawY !== undefined && Number.isFinite(rawY) ? clamp(rawY) : defaultY;
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

/** Members without a tagg cannot be found by search yet (DESIGN "Taggs"). */
export function needsTagg(tagg: string | null | undefined): boolean {
  return !tagg?.trim();
}
