import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type SharpOptions } from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gradientPixels } from "#server/test/images.ts";

/** Every input the pipeline hands to sharp, so a test can tell whether libvips was given the upload at all. */
const inputsGivenToSharp = vi.hoisted(() => [] as unknown[]);
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const recording = (input?: Buffer | string, options?: SharpOptions) => {
    inputsGivenToSharp.push(input);
    return real(input, options);
  };
  return { default: Object.assign(recording, real) };
});

const { processImage } = await import("./image-pipeline.ts");

const pixels = (width: number, height: number) =>
  sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } });

/** Real files of formats the upload does not take, each as it would arrive renamed .jpg. */
const refused = async () => ({
  tiff: await pixels(32, 24).tiff().toBuffer(),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24"><rect width="32" height="24"/></svg>',
  ),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheicmif1heic"), Buffer.alloc(64)]),
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tagit-pipeline-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("processImage's format check", () => {
  it("refuses other formats by their first bytes, before sharp is given the file", async () => {
    for (const [format, data] of Object.entries(await refused())) {
      const file = path.join(dir, `${format}.jpg`);
      await writeFile(file, data);
      for (const input of [file, data]) {
        inputsGivenToSharp.length = 0;
        await expect(processImage(input), format).rejects.toMatchObject({ code: "unsupported_type" });
        expect(inputsGivenToSharp, format).toEqual([]);
      }
    }
  });

  it("takes JPEG, PNG, GIF and WebP from a file or from memory", async () => {
    for (const format of ["jpeg", "png", "gif", "webp"] as const) {
      const data = await pixels(40, 30).toFormat(format).toBuffer();
      const file = path.join(dir, `ok.${format}`);
      await writeFile(file, data);
      for (const input of [file, data]) {
        await expect(processImage(input), format).resolves.toMatchObject({ width: 40, height: 30 });
      }
    }
  });

  it("leaves sharp in this process able to decode only the accepted formats", async () => {
    const { tiff, svg } = await refused();
    await expect(sharp(tiff).metadata()).rejects.toThrow(/unsupported image format/);
    await expect(sharp(svg).metadata()).rejects.toThrow(/unsupported image format/);
    await expect(sharp(await pixels(8, 8).png().toBuffer()).metadata()).resolves.toMatchObject({
      format: "png",
    });
  });
});
