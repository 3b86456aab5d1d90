import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "#contract/limits.ts";
import { checkImageFile, FILE_PROBLEMS } from "./file-checks.ts";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkImageFile", () => {
  it("accepts JPEG, PNG, GIF and WebP up to 20 MB", () => {
    expect(checkImageFile(file("a.jpg", "image/jpeg"))).toBeNull();
    expect(checkImageFile(file("a.png", "image/png"))).toBeNull();
    expect(checkImageFile(file("a.gif", "image/gif"))).toBeNull();
    expect(checkImageFile(file("a.webp", "image/webp", MAX_UPLOAD_BYTES))).toBeNull();
  });

  it("refuses files over 20 MB with the create-post wording", () => {
    expect(checkImageFile(file("a.jpg", "image/jpeg", MAX_UPLOAD_BYTES + 1))).toEqual({
      title: "File too large",
      description: "Please choose an image under 20MB",
    });
    // Size is checked first, whatever the type.
    expect(checkImageFile(file("a.txt", "text/plain", MAX_UPLOAD_BYTES + 1))).toBe(FILE_PROBLEMS.tooLarge);
  });

  it("refuses other types, SVG included, and empty files", () => {
    const wrong = { title: "Invalid file type", description: "Please choose an image file (JPG, PNG, GIF)" };
    expect(checkImageFile(file("a.txt", "text/plain"))).toEqual(wrong);
    expect(checkImageFile(file("a.svg", "image/svg+xml"))).toEqual(wrong);
    expect(checkImageFile(file("a.pdf", "application/pdf"))).toEqual(wrong);
    expect(checkImageFile(file("a.jpg", "image/jpeg", 0))).toEqual(wrong);
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(checkImageFile(file("IMG_1.JPG", ""))).toBeNull();
    expect(checkImageFile(file("photo.heic", ""))).toBe(FILE_PROBLEMS.wrongType);
  });
});
