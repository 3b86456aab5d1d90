import type Konva from "konva/lib/Core";
import { CANVAS } from "./montage-constants.ts";
import { montageFileName } from "./montage-rules.ts";

/**
 * Saves the montage layer as an 800×600 PNG named with a timestamp, whatever size the canvas is shown at.
 * The layer is drawn once unscaled for the export and the scale put back in the same task, so nothing flickers.
 * The time it takes is recorded as the "montage-export" performance measure (read by bench/montage.ts).
 */
export async function exportMontage(layer: Konva.Layer, now = new Date()): Promise<string> {
  const stage = layer.getStage();
  performance.mark("montage-export-start");
  const shownScale = stage.scale();
  stage.scale({ x: 1, y: 1 });
  // toBlob draws synchronously (in the promise's executor) and only encodes asynchronously.
  const pending = layer.toBlob({ ...CANVAS, x: 0, y: 0, pixelRatio: 1, mimeType: "image/png" });
  stage.scale(shownScale);
  const blob = await pending;
  const fileName = montageFileName(now);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  performance.measure("montage-export", "montage-export-start");
  return fileName;
}
