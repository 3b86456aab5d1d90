export type Point = { x: number; y: number };
export type Box = { left: number; top: number; width: number; height: number };

/** How much of a dragged dialog must stay on screen so it can always be grabbed again. */
export const MIN_VISIBLE_PX = 64;

/**
 * The dialog offset after dragging by `delta`, from a start where the dialog occupied `startBox` at
 * `startOffset`: the header never leaves the top of the viewport and at least MIN_VISIBLE_PX of the dialog
 * stays visible horizontally and vertically. Pure: unit-tested.
 */
export function clampDragOffset(
  startOffset: Point,
  startBox: Box,
  delta: Point,
  viewport: { width: number; height: number },
): Point {
  const minLeft = Math.min(0, MIN_VISIBLE_PX - startBox.width);
  const maxLeft = Math.max(0, viewport.width - MIN_VISIBLE_PX);
  const maxTop = Math.max(0, viewport.height - MIN_VISIBLE_PX);
  const left = Math.min(maxLeft, Math.max(minLeft, startBox.left + delta.x));
  const top = Math.min(maxTop, Math.max(0, startBox.top + delta.y));
  return { x: startOffset.x + (left - startBox.left), y: startOffset.y + (top - startBox.top) };
}
