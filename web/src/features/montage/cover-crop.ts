/**
 * The part of a picture that fills a box without distortion ("cover"): the largest centred region with the
 * box's aspect ratio. Pure: unit-tested.
 */
export function coverCrop(imageWidth: number, imageHeight: number, boxWidth: number, boxHeight: number) {
  if (imageWidth <= 0 || imageHeight <= 0 || boxWidth <= 0 || boxHeight <= 0) {
    return { x: 0, y: 0, width: Math.max(0, imageWidth), height: Math.max(0, imageHeight) };
  }
  const scale = Math.min(imageWidth / boxWidth, imageHeight / boxHeight);
  const width = boxWidth * scale;
  const height = boxHeight * scale;
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}

/** The size to keep a picture at for drawing: its longest side at most `maxSide`, never enlarged. */
export function fittedSize(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
