import { useQuery } from "@tanstack/react-query";
import type { Popup } from "#contract/api/content.ts";

/** The member-facing popups whose settings the administrator keeps. */
export type PopupName = "greetings" | "saved-images" | "hide-searches";

const popupUrl = (name: PopupName) => `/api/${name}-popup`;

/**
 * A popup's settings {isEnabled, content}; only fetched while its dialog is open (`enabled`), and again each
 * time a popup that uses it appears, so an administrator's edit shows at once.
 */
export function usePopupSettings(name: PopupName, enabled = true) {
  return useQuery<Popup>({ queryKey: [popupUrl(name)], enabled, staleTime: 0 });
}
