import { type ReactNode, useEffect } from "react";
import { APP_HYDRATED_EVENT } from "#contract/page-render.ts";

/**
 * Tells the server-rendered page's loader that React has taken the page over (its effects run once the whole
 * tree is hydrated), so the loader replays a button press it held meanwhile.
 */
export function HydratedSignal({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return children;
}
