import sharp from "sharp";
import { asMember } from "./request-headers.ts";
import type { TestApp } from "./test-app.ts";

/** A photo-like test image: a smooth gradient with a distinct colour in every region, so tiles can be told apart. */
export function gradientPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = Math.round(((x + y) / (width + height)) * 255);
    }
  }
  return pixels;
}

/** A JPEG carrying GPS coordinates, a camera model and an orientation tag, as phones write them. */
export function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Secret Model 9", Copyright: "someone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .toBuffer();
}

export function png(width = 320, height = 240): Promise<Buffer> {
  return sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----tagit${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads an image through the API as the member with this cookie. */
export async function uploadImage(
  t: TestApp,
  cookie: string,
  data: Buffer,
  filename = "photo.jpg",
  type = "image/jpeg",
) {
  const { payload, contentType } = multipartBody("image", filename, type, data);
  return t.app.inject({
    method: "POST",
    url: "/api/upload-image",
    headers: { ...asMember(cookie), "content-type": contentType },
    payload,
  });
}
