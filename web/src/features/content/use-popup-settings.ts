import { useQuery } from "@tanstack/react-query";
import { type PopupName, popupUrl } from "#contract/popups.ts";
import { apiQuery } from "#web/lib/api-query.ts";

/**
 * A popup's settings {isEnabled, content}; only fetched while its dialog is open (`enabled`), and again each
 * time a popup that uses it appears, so an administrator's edit shows at once.
 */
export function usePopupSettings(name: PopupName, enabled = true) {
  return useQuery({ ...apiQuery(popupUrl(name)), enabled, staleTime: 0 });
}
