/** The popups an administrator edits; the saved-images one is HTML, the other two plain text. */
export const POPUP_NAMES = ["greetings", "saved-images", "hide-searches"] as const;
export type PopupName = (typeof POPUP_NAMES)[number];
export const HTML_POPUPS: readonly PopupName[] = ["saved-images"];

/** Where a popup's settings are read (anyone) and saved (an administrator). */
export const popupUrl = <Name extends PopupName>(name: Name) => `/api/${name}-popup` as const;
