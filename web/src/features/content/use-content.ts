import { useQuery } from "@tanstack/react-query";
import type { Popup } from "#contract/api/content.ts";

/** The member-facing popups whose settings the server keeps. */
export type PopupName = "greetings" | "saved-images" | "hide-searches";

export const popupUrl = (name: PopupName) => `/api/${name}-popup`;
export const WHAT_WE_DO_URL = "/api/what-we-do-content";

/** A popup's settings {isEnabled, content}; only fetched while `enabled` (spec 1 §4 "Dialogs"). */
export function usePopupSettings(name: PopupName, enabled = true) {
  return useQuery<Popup>({ queryKey: [popupUrl(name)], enabled });
}

/** The What We Do text (plain text). */
export function useWhatWeDo(enabled: boolean) {
  return useQuery<{ content: string }>({ queryKey: [WHAT_WE_DO_URL], enabled });
}
