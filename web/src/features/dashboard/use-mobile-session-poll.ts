import { useEffect } from "react";
import { TIMING } from "#contract/limits.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { isMobileDevice } from "#web/lib/user-agent.ts";
import { shouldReloadAfterPoll } from "./session-poll.ts";

/**
 * On mobile user agents, ask GET /api/profile every 30 s and reload the page when the answer is
 * not ok (the session ended elsewhere, e.g. after a password change). Phones keep tabs alive for days;
 * this brings such a tab back to the signed-out screens. Desktop browsers are left alone.
 */
export function useMobileSessionPoll() {
  useEffect(() => {
    if (!isMobileDevice()) return;
    const controller = new AbortController();
    const timer = window.setInterval(async () => {
      try {
        await apiRequest("GET", "/api/profile", undefined, { signal: controller.signal });
      } catch (error) {
        if (!controller.signal.aborted && shouldReloadAfterPoll({ ok: false, error }))
          window.location.reload();
      }
    }, TIMING.mobileSessionPollMs);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, []);
}
