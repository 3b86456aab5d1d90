import { useQuery } from "@tanstack/react-query";
import type { Popup } from "#contract/api/content.ts";
import { type PopupName, popupUrl } from "#contract/popups.ts";

/**
 * A popup's settings {isEnabled, content}; only fetched while its dialog is open (`enabled`), and again each
 * time a popup that uses it appears, so an administrator's edit shows at once.
 */
export function usePopupSettings(name: PopupName, enabled = true) {
  return useQuery<Popup>({ queryKey: [popupUrl(name)], enabled, staleTime: 0 });
}
