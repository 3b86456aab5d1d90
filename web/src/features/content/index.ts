// What other features may use of the content feature: the settings of the popups the administrator keeps.
export { usePopupSettings } from "./use-popup-settings.ts";
