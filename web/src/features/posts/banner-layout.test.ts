import { describe, expect, it } from "vitest";
import {
  bannerBand,
  containRect,
  DOWNLOAD_IMAGE,
  downloadLayout,
  fitText,
  nameBand,
  nameStripText,
} from "./banner-layout.ts";

describe("the download canvas", () => {
  it("is an 800x600 JPEG at quality 0.9", () => {
    expect(DOWNLOAD_IMAGE).toEqual({ width: 800, height: 600, type: "image/jpeg", quality: 0.9 });
  });
});

describe("bannerBand", () => {
  it("spans 45% to 55% of the height across the full width", () => {
    expect(bannerBand(800, 600).rect).toEqual({ x: 0, y: 270, width: 800, height: 60 });
    expect(bannerBand(1000, 1000).rect).toEqual({ x: 0, y: 450, width: 1000, height: 100 });
  });

  it("uses 4% of the width for the font, never below 24 px", () => {
    expect(bannerBand(800, 600).fontSize).toBe(32);
    expect(bannerBand(1500, 600).fontSize).toBe(60);
    expect(bannerBand(400, 300).fontSize).toBe(24);
    expect(bannerBand(100, 100).fontSize).toBe(24);
  });

  it("centres the text in the bar with side padding", () => {
    const band = bannerBand(800, 600);
    expect(band.centerX).toBe(400);
    expect(band.centerY).toBe(300);
    expect(band.maxTextWidth).toBe(800 - 2 * 32);
  });
});

describe("nameBand", () => {
  it("fills the bottom 10% with a font that fits the strip", () => {
    const band = nameBand(800, 600);
    expect(band.rect).toEqual({ x: 0, y: 540, width: 800, height: 60 });
    expect(band.fontSize).toBe(24);
    expect(band.centerY).toBe(570);
    // A short strip caps the font at 60% of its height.
    expect(nameBand(800, 200).fontSize).toBe(12);
  });

  it("writes 'Post: <name>'", () => {
    expect(nameStripText("  Summer (Ada) ")).toBe("Post: Summer (Ada)");
  });
});

describe("containRect", () => {
  it("letterboxes wide and tall images without distorting them", () => {
    expect(containRect(1600, 900, 800, 600)).toEqual({ x: 0, y: 75, width: 800, height: 450 });
    expect(containRect(600, 1200, 800, 600)).toEqual({ x: 250, y: 0, width: 300, height: 600 });
    expect(containRect(400, 300, 800, 600)).toEqual({ x: 0, y: 0, width: 800, height: 600 });
    expect(containRect(0, 0, 800, 600)).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });
});

describe("fitText", () => {
  const tenPxPerChar = (value: string) => Array.from(value).length * 10;

  it("keeps text that fits", () => {
    expect(fitText("come see me", 200, tenPxPerChar)).toBe("come see me");
  });

  it("cuts long text with an ellipsis to the widest prefix that fits", () => {
    const fitted = fitText("come see me today here", 100, tenPxPerChar);
    expect(fitted).toBe("come see…");
    expect(tenPxPerChar(fitted)).toBeLessThanOrEqual(100);
  });

  it("gives up gracefully when nothing fits", () => {
    expect(fitText("abc", 10, tenPxPerChar)).toBe("…");
    expect(fitText("abc", 5, tenPxPerChar)).toBe("");
  });
});

describe("downloadLayout", () => {
  it("draws the banner and the name only when there is text", () => {
    const full = downloadLayout({
      imageWidth: 1600,
      imageHeight: 900,
      bannerText: " come see me ",
      postName: "Sun",
    });
    expect(full.canvas).toEqual({ width: 800, height: 600 });
    expect(full.banner?.text).toBe("come see me");
    expect(full.name?.text).toBe("Post: Sun");

    const bare = downloadLayout({ imageWidth: 800, imageHeight: 600, bannerText: "  ", postName: null });
    expect(bare.banner).toBeNull();
    expect(bare.name).toBeNull();
  });
});
