import { AtSign } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { rememberReferralCode } from "./referral.ts";

const REDIRECT_MS = 2_000;

/**
 * /tagg: the old alternative registration screen (spec 1 §2). Registration happens on /auth and a tagg is
 * claimed from the dashboard, so this page keeps any `?ref=` code and sends the visitor to /auth.
 */
export function TaggPage() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    rememberReferralCode(location.search);
    const timer = window.setTimeout(() => navigate("/auth", { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [location.search, navigate]);

  return (
    <PagePlaceholder
      icon={AtSign}
      title="Registration Temporarily Disabled"
      description="Please use the main registration page instead. Once you have an account you claim your tagg from the dashboard. Taking you there now..."
      actions={
        <Button asChild>
          <Link to="/auth">Go to registration</Link>
        </Button>
      }
    />
  );
}
