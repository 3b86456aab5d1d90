import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { apiRequest, errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { safeStorage } from "#web/lib/storage-keys.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

/** POST /api/logout, then forget everything about the member in this browser and go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest("POST", "/api/logout");
      } catch (error) {
        // Already signed out on the server: finish signing out here too.
        if (errorCodeOf(error) !== "unauthenticated") throw error;
      }
    },
    onSuccess: async () => {
      // Mark the member signed out first, so protected pages leave quietly instead of asking to log in.
      queryClient.setQueryData(PROFILE_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY[0] });
      safeStorage.clearAll();
      await navigate("/", { replace: true });
    },
    onError: (error) => {
      toast.error("Logout Failed", {
        description: errorMessage(error, "Could not log out. Please try again."),
      });
    },
  });
}
