const MOBILE_PATTERN = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** True for phones and tablets; some redirects wait a little on them (TIMING.mobileHomeRedirectMs). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_PATTERN.test(userAgent);
}

/** The current browser's answer; false outside a browser. */
export function isMobileDevice(): boolean {
  return typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent);
}

// First match wins: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];
// iPhones and Android phones also say "like Mac OS X" and "Linux", so they are tried first.
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (userAgent: string, names: readonly (readonly [RegExp, string])[]) =>
  names.find(([pattern]) => pattern.test(userAgent))?.[1];

/** The browser and device as people say them ("Chrome on Mac", "Safari on iPhone"); null when neither is known. */
export function describeBrowser(userAgent: string): string | null {
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
