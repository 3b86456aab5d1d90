import { type ReactNode, Suspense, startTransition, useEffect, useState } from "react";

export type AfterFirstPaintProps = {
  /** Shown until the children are ready; give it their height so nothing below moves (no layout shift). */
  fallback: ReactNode;
  /** Usually a React.lazy component: its chunk is fetched only once the page has painted. */
  children: ReactNode;
};

/**
 * Renders `children` only after the page's first paint, in a transition (decision 036). On a slow phone the part
 * of a page above the fold paints as soon as its own code has run, while the code and data of what is below
 * arrive afterwards; the transition lets React render that part in slices instead of one long task.
 */
export function AfterFirstPaint({ fallback, children }: AfterFirstPaintProps) {
  const painted = useAfterFirstPaint();
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/** False on the first render; true (in a transition) once the browser has painted that render. */
function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = 0;
    let timer = 0;
    // A frame callback runs just before a frame is drawn: the second one runs once the first render's frame
    // is on screen, and the timeout lets that frame's paint finish before any chunk is requested.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => startTransition(() => setPainted(true)));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
