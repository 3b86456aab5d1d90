/** Window event that opens the My Tagged Posts popup on its Analytics view (the bell's View sends it). */
export const OPEN_ANALYTICS_EVENT = "tagit:open-analytics";

/** The bell's View: after going to /dashboard, wait this long before asking the popup to open. */
export const OPEN_ANALYTICS_DELAY_MS = 100;

export function requestOpenAnalytics(): void {
  window.dispatchEvent(new CustomEvent(OPEN_ANALYTICS_EVENT));
}
