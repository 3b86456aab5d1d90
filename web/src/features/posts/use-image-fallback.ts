import { useCallback, useEffect, useState } from "react";
import type { ImageAttempt } from "./post-detail-image.tsx";

/** Tries `sources` in order, moving to the next when one fails to load; starts over when they change. */
export function useImageFallback(sources: string[]): ImageAttempt {
  const key = sources.join("\n");
  const [state, setState] = useState({ key, index: 0 });
  const index = state.key === key ? state.index : 0;

  useEffect(() => {
    setState((current) => (current.key === key ? current : { key, index: 0 }));
  }, [key]);

  const onError = useCallback(() => {
    setState((current) => ({ key, index: (current.key === key ? current.index : 0) + 1 }));
  }, [key]);

  const failed = sources.length > 0 && index >= sources.length;
  return {
    src: failed ? null : (sources[index] ?? null),
    attempted: sources[Math.min(index, sources.length - 1)] ?? null,
    failed,
    onError,
  };
}
