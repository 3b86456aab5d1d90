import { describe, expect, it } from "vitest";
import { cssUrl, toBackgroundPosition, wallpaperStyle } from "./wallpaper-style.ts";

describe("toBackgroundPosition", () => {
  it("turns the stored 'x,y' into CSS percentages", () => {
    expect(toBackgroundPosition("30,70")).toBe("30% 70%");
    expect(toBackgroundPosition(" 12.5 , 0 ")).toBe("12.5% 0%");
  });

  it("clamps to 0–100 and falls back to the default 50,50", () => {
    expect(toBackgroundPosition("-10,150")).toBe("0% 100%");
    expect(toBackgroundPosition("abc")).toBe("50% 50%");
    expect(toBackgroundPosition(null)).toBe("50% 50%");
    expect(toBackgroundPosition("20")).toBe("20% 50%");
  });
});

describe("wallpaperStyle", () => {
  it("uses the wallpaper with its position, or nothing so the theme gradient shows", () => {
    expect(wallpaperStyle("/uploads/w.jpg", "10,90")).toEqual({
      backgroundImage: 'url("/uploads/w.jpg")',
      backgroundPosition: "10% 90%",
      backgroundSize: "cover",
    });
    expect(wallpaperStyle(null, "10,90")).toBeNull();
    expect(wallpaperStyle("", "10,90")).toBeNull();
  });

  it("cannot break out of the CSS string", () => {
    expect(cssUrl('/a");background:red;("')).toBe('url("/a%22);background:red;(%22")');
  });
});
