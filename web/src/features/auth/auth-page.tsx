import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { TIMING } from "#contract/limits.ts";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { useProfile } from "#web/lib/use-profile.ts";
import { isMobileDevice } from "#web/lib/user-agent.ts";
import { AuthCard } from "./auth-card.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { parseReferralCode, rememberReferralCode } from "./referral.ts";
import { useEnterApp } from "./use-auth-mutations.ts";

/** / and /auth: what Tagit is, and the sign-in / create-account card. */
export function AuthPage() {
  const { profile, isLoading } = useProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const enterApp = useEnterApp();
  // The server renders the page with the link's `?ref=` only (decision 056); a code kept from earlier in this
  // browser session is read once the page runs, so the first render matches the HTML it was sent.
  const [referralCode, setReferralCode] = useState(() => parseReferralCode(location.search));
  useEffect(() => setReferralCode(rememberReferralCode(location.search)), [location.search]);
  // Set once a form succeeds: the form's own delayed redirect takes over from the one below.
  const authenticating = useRef(false);

  useEffect(() => {
    if (!profile || authenticating.current) return;
    const delay = isMobileDevice() ? TIMING.mobileHomeRedirectMs : 0;
    const timer = window.setTimeout(() => navigate("/dashboard", { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [profile, navigate]);

  const onAuthenticated = () => {
    authenticating.current = true;
    enterApp("/dashboard");
  };

  if (isLoading) return <PageSpinner label="Checking your session..." className="min-h-dvh" />;
  if (profile && !authenticating.current) {
    return <PageSpinner label="Opening your dashboard..." className="min-h-dvh" />;
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <PageTitle title="Welcome" />
      <LandingHero />
      <div className="flex items-start justify-center bg-slate-50 px-4 py-10 sm:px-6 lg:items-center lg:py-16">
        <AuthCard
          key={referralCode}
          initialMode={referralCode ? "sign-up" : "sign-in"}
          referralCode={referralCode}
          onAuthenticated={onAuthenticated}
        />
      </div>
    </div>
  );
}
