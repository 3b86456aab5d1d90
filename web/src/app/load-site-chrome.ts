/** Fetches the header and footer chunk (once; later calls share the first). */
export const loadSiteChrome = () => import("./site-chrome.tsx");
