import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { TIMING } from "#contract/limits.ts";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { useProfile } from "#web/lib/use-profile.ts";
import { isMobileDevice } from "#web/lib/user-agent.ts";

export type AuthNotice = { title: string; description: string };

export type RequireAuthProps = {
  /** Toast shown to a visitor who opens the page without being signed in. */
  notice: AuthNotice;
  /** Text under the spinner while the session is checked. */
  loadingLabel?: string;
  children: (profile: Profile) => ReactNode;
};

/**
 * Renders a members-only page for a signed-in member; sends visitors to / with a toast (after 500 ms on
 * mobile). A member who signs out here leaves quietly, without the toast. Display only: the API enforces.
 */
export function RequireAuth({ notice, loadingLabel = "Loading...", children }: RequireAuthProps) {
  const { profile, isLoading } = useProfile();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  const noticeShown = useRef(false);

  useEffect(() => {
    if (isLoading) return;
    if (profile) {
      wasSignedIn.current = true;
      return;
    }
    if (!wasSignedIn.current && !noticeShown.current) {
      noticeShown.current = true;
      toast.error(notice.title, { description: notice.description });
    }
    const delay = isMobileDevice() ? TIMING.mobileHomeRedirectMs : 0;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [isLoading, profile, navigate, notice]);

  if (isLoading) return <PageSpinner label={loadingLabel} />;
  if (!profile) return <PageSpinner label="Redirecting to login..." />;
  return children(profile);
}
