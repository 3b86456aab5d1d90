const MOBILE_PATTERN = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** True for phones and tablets; spec 1 delays some redirects on them (TIMING.mobileHomeRedirectMs). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_PATTERN.test(userAgent);
}

/** The current browser's answer; false outside a browser. */
export function isMobileDevice(): boolean {
  return typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent);
}
