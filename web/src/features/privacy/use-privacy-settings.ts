import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { PrivacySettings } from "#contract/api/privacy.ts";
import type { Profile } from "#contract/api/profile.ts";
import { DEFAULT_HIDE_SEARCHES_CONTENT } from "#contract/content-defaults.ts";
import { HIDE_MODE_MIN_UNIQUE_VIEWS, PAUSE_HOURS } from "#contract/limits.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

const privacyQuery = apiQuery("/api/privacy-settings");
export const PRIVACY_QUERY_KEY = privacyQuery.queryKey;
export const HIDE_SEARCHES_POPUP_QUERY_KEY = ["/api/hide-searches-popup"] as const;

export type PrivacyMode = PrivacySettings["privacyMode"];
type UpdateAnswer = PrivacySettings & { requestedMode: PrivacyMode };

/** GET /api/privacy-settings: my mode and the hours left of a pause. */
export function usePrivacySettings() {
  return useQuery(privacyQuery);
}

/** What the member is told after choosing a mode; hide below the threshold was answered with pause. */
export function privacyUpdateMessage(answer: UpdateAnswer): string {
  if (answer.requestedMode === "hide" && answer.privacyMode === "pause") {
    return `Hide needs at least ${HIDE_MODE_MIN_UNIQUE_VIEWS} unique viewers on your most-viewed post, so your searches are paused for ${PAUSE_HOURS} hours instead.`;
  }
  if (answer.privacyMode === "hide") return "Your searches are hidden: owners see you as Anonymous User.";
  if (answer.privacyMode === "pause") {
    return `Your searches are paused for ${PAUSE_HOURS} hours: owners see you as Anonymous User.`;
  }
  return "Your searches are visible: owners can see who you are.";
}

/** POST /api/privacy-settings {privacyMode}; the server decides what is granted. Toasts either way. */
export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privacyMode: PrivacyMode) => apiRequest("POST", PRIVACY_QUERY_KEY[0], { privacyMode }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(PRIVACY_QUERY_KEY, {
        privacyMode: answer.privacyMode,
        timeRemaining: answer.timeRemaining,
        pauseEndsAt: answer.pauseEndsAt,
      });
      setProfileField(queryClient, { privacyMode: answer.privacyMode });
      toast.success("Privacy Settings Updated", { description: privacyUpdateMessage(answer) });
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    onError: (error) => {
      toast.error("Failed to update privacy settings", {
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}

export type HideSearchesPopup = { isEnabled: boolean; content: string };

/**
 * GET /api/hide-searches-popup (the administrator's editor): any failure means the default popup, enabled.
 * Fetched each time the member chooses Hide (the answer decides whether the popup shows at all).
 */
export function fetchHideSearchesPopup(queryClient: QueryClient): Promise<HideSearchesPopup> {
  return queryClient.fetchQuery({
    queryKey: HIDE_SEARCHES_POPUP_QUERY_KEY,
    queryFn: async () => {
      try {
        const answer = await apiRequest("GET", HIDE_SEARCHES_POPUP_QUERY_KEY[0]);
        return {
          isEnabled: answer?.isEnabled !== false,
          content: answer?.content?.trim() || DEFAULT_HIDE_SEARCHES_CONTENT,
        };
      } catch {
        return { isEnabled: true, content: DEFAULT_HIDE_SEARCHES_CONTENT };
      }
    },
    staleTime: 0,
  });
}

function setProfileField(queryClient: QueryClient, patch: Partial<Profile>) {
  queryClient.setQueryData(PROFILE_QUERY_KEY, (profile) => (profile ? { ...profile, ...patch } : profile));
}

/** POST /api/tagg/toggle-visibility {hidden}: hides (or shows again) my tagg and posts from search. */
export function useToggleVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => apiRequest("POST", "/api/tagg/toggle-visibility", { hidden }),
    onMutate: (hidden) => {
      const before = queryClient.getQueryData(PROFILE_QUERY_KEY)?.isHidden;
      setProfileField(queryClient, { isHidden: hidden });
      return { before };
    },
    onSuccess: async ({ hidden }) => {
      setProfileField(queryClient, { isHidden: hidden });
      toast.success("Visibility Updated", {
        description: hidden
          ? "Your tagg and posts are hidden from search."
          : "Your tagg and posts can be found in search again.",
      });
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    onError: (error, hidden, context) => {
      setProfileField(queryClient, { isHidden: context?.before ?? !hidden });
      toast.error("Failed to update visibility", { description: errorMessage(error, "Please try again.") });
    },
  });
}
