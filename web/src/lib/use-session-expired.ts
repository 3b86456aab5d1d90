import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { TIMING } from "#contract/limits.ts";
import { isSessionExpiredError, SESSION_EXPIRED_TOAST } from "#web/lib/session-expired.ts";
import { safeStorage } from "#web/lib/storage-keys.ts";
import { PROFILE_QUERY_KEY } from "./use-profile.ts";

/**
 * When a mutation fails because the session is gone, say so, clear browser storage and go to /
 * after 2 s. Returns a handler that answers true when it took care of the error.
 */
export function useSessionExpired() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isSessionExpiredError(error)) return false;
      toast.error(SESSION_EXPIRED_TOAST.title, { description: SESSION_EXPIRED_TOAST.description });
      safeStorage.clearAll();
      window.setTimeout(() => {
        // Signed out from now on: protected pages leave quietly and / does not bounce back to the dashboard.
        queryClient.setQueryData(PROFILE_QUERY_KEY, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY[0] });
        void navigate("/", { replace: true });
      }, TIMING.sessionExpiredRedirectMs);
      return true;
    },
    [queryClient, navigate],
  );
}
