// What bench/montage.ts runs inside the page, the same for the app and for the bare canvas page, so the two
// figures are measured alike. Kept as JavaScript source: a transpiled function handed to page.evaluate would
// carry the transpiler's helpers with it.

export type DragInput = { fromX: number; fromY: number; dx: number; dy: number; steps: number };
export type DragSample = { work: number; interval: number };

/**
 * Drags with synthetic mousemove events on window (where Konva, and the bare page, listen during a drag), one
 * step per animation frame. For each frame it records
 *  - work: the event's handling plus everything drawn in the next frame's animation callbacks, closed by
 *    reading one pixel of each canvas so that the drawing is really rasterised, not only recorded;
 *  - interval: the time between that frame and the one before (16.7 ms at 60 Hz when no frame is dropped).
 */
export const DRAG_FRAMES = `async (input) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const flush = () => {
    for (const canvas of document.querySelectorAll("canvas")) canvas.getContext("2d")?.getImageData(0, 0, 1, 1);
  };
  const samples = [];
  let previous = await frame();
  for (let step = 1; step <= input.steps; step += 1) {
    let drawStart = 0;
    // Registered before the drag handler asks for its frame, so it runs just before the drawing.
    requestAnimationFrame(() => { drawStart = performance.now(); });
    const handleStart = performance.now();
    window.dispatchEvent(new MouseEvent("mousemove", {
      clientX: input.fromX + (input.dx * step) / input.steps,
      clientY: input.fromY + (input.dy * step) / input.steps,
      bubbles: true,
      buttons: 1,
    }));
    const handled = performance.now() - handleStart;
    previous = await new Promise((resolve) => requestAnimationFrame((time) => {
      flush();
      samples.push({ work: handled + (performance.now() - drawStart), interval: time - previous });
      resolve(time);
    }));
  }
  return samples;
}`;
