import type { Popup } from "#contract/api/content.ts";
import { SAVED_IMAGES_FALLBACK_TEXT } from "#contract/content-defaults.ts";

/** The saved-images dialog's fixed code labels: 116 for the default text, 101 for the administrator's. */
export const SAVED_IMAGES_CODES = { fallback: 116, custom: 101 } as const;

export type SavedImagesView =
  | { kind: "loading"; code: 116 }
  | { kind: "text"; text: string; code: 116 }
  | { kind: "html"; html: string; code: 101 };

/**
 * What the dialog shows: "Loading..." while the setting loads, the default text when
 * it is missing, failed or disabled, otherwise the administrator's HTML (sanitised by the caller).
 * Pure: unit-tested.
 */
export function savedImagesView(state: { isPending: boolean; data: Popup | undefined }): SavedImagesView {
  if (state.isPending) return { kind: "loading", code: SAVED_IMAGES_CODES.fallback };
  const popup = state.data;
  if (!popup?.isEnabled || !popup.content.trim()) {
    return { kind: "text", text: SAVED_IMAGES_FALLBACK_TEXT, code: SAVED_IMAGES_CODES.fallback };
  }
  return { kind: "html", html: popup.content, code: SAVED_IMAGES_CODES.custom };
}
