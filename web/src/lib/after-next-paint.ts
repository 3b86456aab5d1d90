/**
 * Resolves once the browser has painted the next frame. Work that follows a click (loading a page's or a
 * dialog's code, which then runs on the main thread) waits for it, so the click's own paint is not held back
 * (Interaction to Next Paint).
 */
export const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
