import sharp from "sharp";

/** A distinct PNG picture for the montage tests: a coloured square with a contrasting disc and stripe. */
export async function montagePicture(index: number, size = 320) {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" fill="hsl(${hue},75%,55%)"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="hsl(${(hue + 180) % 360},80%,40%)"/>
    <rect y="${size * 0.8}" width="${size}" height="${size * 0.1}" fill="white"/>
  </svg>`;
  return {
    name: `picture-${index}.png`,
    mimeType: "image/png",
    buffer: await sharp(Buffer.from(svg)).png().toBuffer(),
  };
}

export function montagePictures(from: number, count: number, size?: number) {
  return Promise.all(Array.from({ length: count }, (_, offset) => montagePicture(from + offset, size)));
}
