import { describe, expect, it } from "vitest";
import { describeBrowser, isMobileUserAgent } from "./user-agent.ts";

describe("isMobileUserAgent", () => {
  it("recognises phones and tablets", () => {
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148",
      ),
    ).toBe(true);
    expect(
      isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36"),
    ).toBe(true);
  });

  it("treats desktop browsers as not mobile", () => {
    expect(
      isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"),
    ).toBe(false);
    expect(isMobileUserAgent("")).toBe(false);
  });
});

describe("describeBrowser", () => {
  it("names the browser and the device as people say them", () => {
    expect(
      describeBrowser(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Mac");
    expect(
      describeBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(
      describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0"),
    ).toBe("Firefox on Windows");
    expect(
      describeBrowser(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
  });

  it("tells the browsers built on Chrome from Chrome", () => {
    expect(
      describeBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeBrowser(
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Samsung Internet on Android");
    expect(
      describeBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Chrome on iPhone");
    expect(
      describeBrowser(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
  });

  it("says what it knows, or null", () => {
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64)")).toBe("Linux");
    expect(describeBrowser("curl/8.5.0")).toBeNull();
    expect(describeBrowser("")).toBeNull();
  });
});
