import { describe, expect, it } from "vitest";
import { SAVED_IMAGES_FALLBACK_TEXT } from "#contract/content-defaults.ts";
import { savedImagesView } from "./saved-images.ts";

describe("savedImagesView", () => {
  it("says Loading with code 116 while the setting loads", () => {
    expect(savedImagesView({ isPending: true, data: undefined })).toEqual({ kind: "loading", code: 116 });
  });

  it("falls back to the default text with code 116 when missing, disabled or empty", () => {
    const fallback = { kind: "text", text: SAVED_IMAGES_FALLBACK_TEXT, code: 116 };
    expect(savedImagesView({ isPending: false, data: undefined })).toEqual(fallback);
    expect(savedImagesView({ isPending: false, data: { isEnabled: false, content: "<p>x</p>" } })).toEqual(
      fallback,
    );
    expect(savedImagesView({ isPending: false, data: { isEnabled: true, content: "  " } })).toEqual(fallback);
  });

  it("shows the administrator's HTML with code 101 when enabled", () => {
    expect(
      savedImagesView({ isPending: false, data: { isEnabled: true, content: "<p>Thanks</p>" } }),
    ).toEqual({ kind: "html", html: "<p>Thanks</p>", code: 101 });
  });
});
