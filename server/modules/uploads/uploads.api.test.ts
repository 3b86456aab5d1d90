import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { uploads } from "#server/db/schema/index.ts";
import { asMember, registerMember } from "#server/test/factories.ts";
import { gradientPixels, jpegWithGps, multipartBody, png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const storedFiles = async (t: TestApp) =>
  readdir(path.join(t.dataDir, "uploads")).catch(() => [] as string[]);

/** A PNG whose header claims width × height but carries almost no pixel data (a decompression bomb). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function tileMeans(image: Buffer, width: number, height: number, grid = 8) {
  const { data } = await sharp(image)
    .resize(width, height, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const means: number[][] = [];
  const tw = width / grid;
  const th = height / grid;
  for (let ty = 0; ty < grid; ty++) {
    for (let tx = 0; tx < grid; tx++) {
      const sum = [0, 0, 0];
      for (let y = ty * th; y < (ty + 1) * th; y++) {
        for (let x = tx * tw; x < (tx + 1) * tw; x++) {
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[(y * width + x) * 3 + c] ?? 0);
        }
      }
      means.push(sum.map((s) => s / (tw * th)));
    }
  }
  return means;
}

describe("POST /api/upload-image", () => {
  it("strips every metadata block, applies the orientation and re-encodes", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const input = await jpegWithGps(800, 600);
    expect(input.toString("latin1")).toContain("Secret Model 9");

    const res = await uploadImage(t, cookie, input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      imageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.jpg$/),
      scrambledImageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-scrambled\.jpg$/),
      thumbnailUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-thumb\.webp$/),
      width: 600,
      height: 800,
    });

    const original = await t.app.inject({ url: body.imageUrl, headers: { cookie } });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/jpeg");
    expect(original.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 600, height: 800, format: "jpeg" });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.toString("latin1")).not.toContain("Secret Model");
    for (const url of [body.thumbnailUrl, body.scrambledImageUrl]) {
      const file = await t.app.inject({ url, headers: { cookie } });
      expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    }
  });

  it("makes a scrambled copy whose tiles are moved, not the original blurred in place", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const width = 960;
    const height = 720;
    const input = await sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const body = (await uploadImage(t, cookie, input, "gradient.png", "image/png")).json();
    const scrambled = (await t.app.inject({ url: body.scrambledImageUrl })).rawPayload;

    const blurredOriginal = await sharp(input).resize(640, 480).blur(6).png().toBuffer();
    const a = await tileMeans(blurredOriginal, 640, 480);
    const b = await tileMeans(scrambled, 640, 480);
    const moved = a.filter((mean, i) => Math.max(...mean.map((v, c) => Math.abs(v - (b[i]?.[c] ?? 0)))) > 12);
    expect(moved.length).toBeGreaterThan(a.length * 0.75);
  });

  it.each([
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
      415,
      POST_MESSAGES.invalidFileType,
    ],
    [
      "a text file renamed .jpg",
      Buffer.from("just some words, not a picture"),
      "notes.jpg",
      "image/jpeg",
      415,
      POST_MESSAGES.invalidFileType,
    ],
  ])("refuses %s with %i and leaves nothing behind", async (_label, data, filename, type, status, message) => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const res = await uploadImage(t, cookie, data, filename, type);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message, code: "unsupported_type" });
    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it("refuses a TIFF, an SVG and a PDF sent as a .jpg by their bytes, leaving no file or temporary file behind", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const tiff = await sharp(gradientPixels(64, 48), { raw: { width: 64, height: 48, channels: 3 } })
      .tiff()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="red"/></svg>',
    );
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    for (const [label, data] of [
      ["TIFF", tiff],
      ["SVG", svg],
      ["PDF", pdf],
    ] as const) {
      const res = await uploadImage(t, cookie, data, "holiday.jpg", "image/jpeg");
      expect(res.statusCode, label).toBe(415);
      expect(res.json(), label).toEqual({ error: POST_MESSAGES.invalidFileType, code: "unsupported_type" });
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await readdir(path.join(t.dataDir, "tmp")).catch(() => [])).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it("names each of an upload's files at random on its own, so no file's name leads to another's", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const body = (await uploadImage(t, cookie, await png(), "a.png", "image/png")).json();
    const urls = [body.imageUrl, body.thumbnailUrl, body.scrambledImageUrl] as string[];
    const randomParts = urls.map((url) => /^\/uploads\/([a-f0-9]{32})/.exec(url)?.[1]);
    expect(randomParts.every(Boolean)).toBe(true);
    expect(new Set(randomParts).size).toBe(3);
    expect((await storedFiles(t)).sort()).toEqual(urls.map((url) => url.replace("/uploads/", "")).sort());

    // The rule that used to link them (one base name plus a suffix) reaches nothing, even for the owner.
    const base = String(randomParts[2]);
    for (const guess of [
      ...["jpg", "png", "webp"].map((extension) => `/uploads/${base}.${extension}`),
      `/uploads/${base}-thumb.webp`,
      `/uploads/${randomParts[0]}-scrambled.jpg`,
    ]) {
      expect((await t.app.inject({ url: guess, headers: { cookie } })).statusCode, guess).toBe(404);
    }
  });

  it("refuses a truncated JPEG, a 30000×30000 PNG and a 21 MB file, leaving no file behind", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const jpeg = await jpegWithGps(800, 600);

    const truncated = await uploadImage(t, cookie, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ error: POST_MESSAGES.corruptImage, code: "validation" });

    const bomb = await uploadImage(t, cookie, pngClaiming(30_000, 30_000), "bomb.png", "image/png");
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual({ error: POST_MESSAGES.tooManyPixels, code: "too_large" });

    const huge = Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)]);
    const tooLarge = await uploadImage(t, cookie, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: POST_MESSAGES.fileTooLarge, code: "file_too_large" });

    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it("needs a signed-in member, a multipart body and the image field", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const image = await png();
    const { payload, contentType } = multipartBody("image", "a.png", "image/png", image);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/upload-image",
      headers: { "content-type": contentType },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);

    const json = await t.app.inject({
      method: "POST",
      url: "/api/upload-image",
      headers: asMember(cookie),
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(415);

    const wrongField = multipartBody("photo", "a.png", "image/png", image);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload-image",
      headers: { ...asMember(cookie), "content-type": wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: POST_MESSAGES.noFile, code: "validation" });
  });

  it("answers a malformed or broken-off form with 400 validation, not a server error", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const boundary = "----tagit-broken";
    const form = `multipart/form-data; boundary=${boundary}`;
    const partHeader = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const image = await png();
    for (const [label, contentType, payload] of [
      ["the image broken off", form, Buffer.concat([Buffer.from(partHeader), image])],
      ["a part header broken off", form, Buffer.from(partHeader.slice(0, 40))],
      ["no form at all", form, Buffer.from("just some words")],
      ["no boundary", "multipart/form-data", Buffer.from("just some words")],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/upload-image",
        headers: { ...asMember(cookie), "content-type": contentType },
        payload,
      });
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ error: POST_MESSAGES.malformedForm, code: "validation" });
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await readdir(path.join(t.dataDir, "tmp")).catch(() => [])).toEqual([]);
  });
});

describe("GET /uploads/:name", () => {
  it("serves an unpublished original only to its owner, and scrambled copies to anyone", async () => {
    const t = await createTestApp();
    const owner = await registerMember(t);
    const stranger = await registerMember(t);
    const body = (await uploadImage(t, owner.cookie, await png())).json();

    expect((await t.app.inject({ url: body.imageUrl, headers: { cookie: owner.cookie } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: body.imageUrl, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: body.thumbnailUrl })).statusCode).toBe(404);
    const scrambled = await t.app.inject({ url: body.scrambledImageUrl });
    expect(scrambled.statusCode).toBe(200);
    expect(scrambled.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("still serves an upload stored before its files were named apart, under one base name", async () => {
    const t = await createTestApp();
    const owner = await registerMember(t);
    const base = "0123456789abcdef".repeat(2);
    const files = {
      original: `${base}.png`,
      thumbnail: `${base}-thumb.webp`,
      scrambled: `${base}-scrambled.jpg`,
    };
    const image = await png(64, 48);
    const stored = {
      original: image,
      thumbnail: await sharp(image).webp().toBuffer(),
      scrambled: await sharp(image).jpeg().toBuffer(),
    };
    await mkdir(path.join(t.dataDir, "uploads"), { recursive: true });
    for (const kind of ["original", "thumbnail", "scrambled"] as const) {
      await writeFile(path.join(t.dataDir, "uploads", files[kind]), stored[kind]);
    }
    await t.db.insert(uploads).values({
      userId: owner.user.id,
      originalPath: `/uploads/${files.original}`,
      thumbnailPath: `/uploads/${files.thumbnail}`,
      scrambledPath: `/uploads/${files.scrambled}`,
      width: 64,
      height: 48,
      bytes: image.length,
    });

    for (const kind of ["original", "thumbnail", "scrambled"] as const) {
      const res = await t.app.inject({ url: `/uploads/${files[kind]}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode, kind).toBe(200);
      expect(res.rawPayload.equals(stored[kind]), kind).toBe(true);
    }
  });

  it.each([
    "/uploads/..%2F..%2Fsecret",
    "/uploads/%2e%2e%2fdb",
    "/uploads/0123456789abcdef0123456789abcdef.jpg",
    "/uploads/secret",
  ])("answers 404 for %s", async (url) => {
    const t = await createTestApp();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
  });
});
