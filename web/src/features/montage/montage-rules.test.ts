import { describe, expect, it } from "vitest";
import {
  admitImages,
  afterUploadNotice,
  canDownload,
  centredRect,
  clampPosition,
  coverageNote,
  fileKey,
  isImageFile,
  montageFileName,
  montageImageOfPost,
  rotateQuarter,
  typedPosition,
  typedSize,
  uniqueUploadRefusal,
} from "./montage-rules.ts";

describe("clampPosition", () => {
  it("keeps x in 0–700 and y in 0–500", () => {
    expect(clampPosition(-40, -1)).toEqual({ x: 0, y: 0 });
    expect(clampPosition(812, 640)).toEqual({ x: 700, y: 500 });
    expect(clampPosition(700, 500)).toEqual({ x: 700, y: 500 });
    expect(clampPosition(123.6, 45.2)).toEqual({ x: 124, y: 45 });
  });
});

describe("typed values", () => {
  it("turn a position that is not a number into 0", () => {
    expect(typedPosition("", "x")).toBe(0);
    expect(typedPosition("abc", "y")).toBe(0);
    expect(typedPosition("250", "x")).toBe(250);
    expect(typedPosition("900", "x")).toBe(700);
    expect(typedPosition("900", "y")).toBe(500);
  });

  it("turn a size that is not a number (or not positive) into 50, and cap it at the canvas", () => {
    expect(typedSize("")).toBe(50);
    expect(typedSize("wide")).toBe(50);
    expect(typedSize("0")).toBe(50);
    expect(typedSize("-20")).toBe(50);
    expect(typedSize("140")).toBe(140);
    expect(typedSize("99.6")).toBe(100);
    expect(typedSize("5000")).toBe(800);
  });
});

describe("rotateQuarter", () => {
  it("turns in 90° steps modulo 360", () => {
    expect(rotateQuarter(0)).toBe(90);
    expect(rotateQuarter(90)).toBe(180);
    expect(rotateQuarter(180)).toBe(270);
    expect(rotateQuarter(270)).toBe(0);
    expect(rotateQuarter(-90)).toBe(0);
  });
});

describe("centredRect", () => {
  it("centres the profile on (400,300) at any size", () => {
    expect(centredRect(200, 200)).toEqual({ x: 300, y: 200, width: 200, height: 200 });
    expect(centredRect(100, 300)).toEqual({ x: 350, y: 150, width: 100, height: 300 });
  });
});

describe("the notes and notices", () => {
  it("says the canvas is filled from 3 unique images, and how many are missing before", () => {
    expect(coverageNote(3, 57)).toEqual({
      tone: "ready",
      text: "Canvas completely filled with 57 total images",
    });
    expect(coverageNote(1, 58)).toEqual({ tone: "short", text: "Need 2 more images (minimum 3)" });
    expect(coverageNote(0, 0)).toEqual({ tone: "short", text: "Need 3 more images (minimum 3)" });
  });

  it("refuses a selection larger than the slots left", () => {
    expect(uniqueUploadRefusal(8, 2)).toBeNull();
    expect(uniqueUploadRefusal(8, 3)).toEqual({
      title: "Too Many Unique Images",
      description: "You can only upload 2 more unique images (10 max unique)",
    });
    expect(uniqueUploadRefusal(10, 1)?.description).toBe(
      "You can only upload 0 more unique images (10 max unique)",
    );
  });

  it("asks for more images while fewer than 3 exist", () => {
    expect(afterUploadNotice(2)).toEqual({
      title: "More Images Needed",
      description: "Please upload at least 3 images total. You have 2 so far.",
    });
    expect(afterUploadNotice(3)).toBeNull();
  });
});

describe("canDownload", () => {
  it("needs a profile image or 3 unique images", () => {
    expect(canDownload(false, 0)).toBe(false);
    expect(canDownload(false, 2)).toBe(false);
    expect(canDownload(true, 0)).toBe(true);
    expect(canDownload(false, 3)).toBe(true);
  });
});

describe("files", () => {
  it("accepts images only, by type or, without one, by name", () => {
    expect(isImageFile({ name: "a.png", type: "image/png" })).toBe(true);
    expect(isImageFile({ name: "a.png", type: "application/pdf" })).toBe(false);
    expect(isImageFile({ name: "b.JPG", type: "" })).toBe(true);
    expect(isImageFile({ name: "notes.txt", type: "" })).toBe(false);
  });

  it("tells the same file apart from another one", () => {
    const file = { name: "a.png", size: 10, lastModified: 5 };
    expect(fileKey(file)).toBe(fileKey({ ...file }));
    expect(fileKey(file)).not.toBe(fileKey({ ...file, size: 11 }));
  });

  it("names the download with a timestamp", () => {
    expect(montageFileName(new Date(2026, 10, 4, 9, 5, 7))).toBe("montage-2026-11-04-090507.png");
  });
});

describe("admitImages", () => {
  const keys = (...names: string[]) => names.map((key) => ({ key }));

  it("skips pictures already there or offered twice", () => {
    expect(admitImages(keys("a"), keys("a", "b", "b", "c"))).toEqual({
      admitted: keys("b", "c"),
      refusal: null,
    });
  });

  it("refuses the whole selection when the new pictures exceed the slots left", () => {
    const current = keys("1", "2", "3", "4", "5", "6", "7", "8");
    expect(admitImages(current, keys("x", "y", "z"))).toEqual({
      admitted: [],
      refusal: {
        title: "Too Many Unique Images",
        description: "You can only upload 2 more unique images (10 max unique)",
      },
    });
    expect(admitImages(current, keys("x", "y", "1")).admitted).toEqual(keys("x", "y"));
  });
});

describe("montageImageOfPost", () => {
  const post = {
    id: "p1",
    postName: "Beach (Ada)",
    originalImage: "/uploads/a.jpg",
    scrambledImage: "/uploads/a-scrambled.jpg",
    scrambleImage: false,
  };

  it("offers the original of a post that is not scrambled", () => {
    expect(montageImageOfPost(post)).toEqual({
      key: "post:p1:/uploads/a.jpg",
      url: "/uploads/a.jpg",
      label: "Beach (Ada)",
    });
  });

  it("offers only the scrambled file of a scrambled post, and nothing without a distinct one", () => {
    expect(montageImageOfPost({ ...post, scrambleImage: true })?.url).toBe("/uploads/a-scrambled.jpg");
    expect(
      montageImageOfPost({ ...post, scrambleImage: true, scrambledImage: post.originalImage }),
    ).toBeNull();
    expect(montageImageOfPost({ ...post, originalImage: "" })).toBeNull();
  });
});
