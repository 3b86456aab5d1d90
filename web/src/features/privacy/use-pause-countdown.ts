import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { PrivacySettings } from "#contract/api/privacy.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { isPauseExpiring, pauseEndsAt } from "./countdown.ts";

type Countdown = {
  /** Milliseconds left of the pause, ticking every second; null when not paused. */
  remainingMs: number | null;
  /** Call before the member changes the mode themselves, so that is not taken for the timer running out. */
  cancelExpiry: () => void;
};

/**
 * The pause countdown ticks every second; at about 0.02 h left the settings are fetched again and
 * the member is told the pause is over once the server says so. The server decides when the pause ends
 * (the client never sets show itself), so while it still reports a pause the check repeats at the end time.
 */
export function usePauseCountdown(
  settings: PrivacySettings | undefined,
  receivedAt: number,
  refetch: () => Promise<unknown>,
): Countdown {
  const queryClient = useQueryClient();
  const paused = settings?.privacyMode === "pause";
  const endsAt = paused ? pauseEndsAt(settings.timeRemaining, receivedAt) : null;
  const [now, setNow] = useState(() => Date.now());
  const [expiring, setExpiring] = useState(false);

  useEffect(() => {
    if (!paused) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [paused]);

  const remainingMs = endsAt === null ? null : Math.max(0, endsAt - now);

  useEffect(() => {
    if (remainingMs === null || expiring || !isPauseExpiring(remainingMs)) return;
    setExpiring(true);
    void refetch();
  }, [remainingMs, expiring, refetch]);

  useEffect(() => {
    if (!expiring || endsAt === null) return;
    const timer = window.setTimeout(() => void refetch(), Math.max(1_000, endsAt - Date.now() + 1_000));
    return () => window.clearTimeout(timer);
  }, [expiring, endsAt, refetch]);

  useEffect(() => {
    if (!expiring || settings?.privacyMode !== "show") return;
    setExpiring(false);
    toast.info("Privacy Timer Expired", {
      description: "Your privacy has been automatically set back to 'Show' mode.",
    });
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  }, [expiring, settings?.privacyMode, queryClient]);

  return { remainingMs, cancelExpiry: () => setExpiring(false) };
}
