import { useEffect, useState } from "react";
import { APP_HYDRATED_EVENT } from "#contract/page-render.ts";

/**
 * Tells a server-rendered page's loader that React has taken the page over, so it replays a press it held
 * meanwhile. Rendered beside the app, it signals one render after hydration: by then the state the page's own
 * effects took from the server's HTML (what a visitor typed meanwhile) is in place for the replayed press.
 */
export function HydratedSignal(): null {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    else setHydrated(true);
  }, [hydrated]);
  return null;
}
