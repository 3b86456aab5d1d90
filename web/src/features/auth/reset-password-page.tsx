import { CircleCheck, LinkIcon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { ResetPasswordAnswer, SecondFactorMethod } from "#contract/api/second-factor.ts";
import { TIMING } from "#contract/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";
import { AuthScreenShell } from "./auth-screen-shell.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SecondFactorStep } from "./second-factor-step.tsx";
import { needsSecondFactor, useEnterApp } from "./use-auth-mutations.ts";
import { useLinkToken } from "./use-link-token.ts";

/** After the reset: signed in (or not), or the second factor still to give before the session starts. */
type Outcome = { signedIn: boolean } | { methods: SecondFactorMethod[] } | null;

/** /reset-password?token=…: choose a new password from the emailed link (the token leaves the address bar). */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const navigate = useNavigate();
  const enterApp = useEnterApp();

  const onReset = (answer: ResetPasswordAnswer | null) => {
    safeStorage.set("session", STORAGE_KEYS.passwordResetSuccess, "true");
    // The link proves the e-mail, not the second factor: the new password signs in only with it.
    if (needsSecondFactor(answer)) {
      setOutcome({ methods: answer.methods });
      return;
    }
    const signedIn = Boolean(answer && "user" in answer);
    setOutcome({ signedIn });
    if (signedIn) enterApp("/dashboard", TIMING.resetWithUserRedirectMs);
    else window.setTimeout(() => navigate("/", { replace: true }), TIMING.resetWithoutUserRedirectMs);
  };

  if (!token) {
    return (
      <AuthScreenShell title="Invalid Link">
        <Card className="w-full">
          <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
              <LinkIcon className="size-7" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">Invalid Link</h1>
            <p className="text-slate-600">
              This password reset link is missing its token. Links from our emails work once and for one hour;
              ask for a new one.
            </p>
            <Button asChild className="w-full">
              <Link to="/forgot-password">Request a new reset link</Link>
            </Button>
          </CardContent>
          <CardFooter className="justify-center text-sm">
            <Link to="/auth" className="rounded font-medium text-brand-700 hover:underline">
              Back to Login
            </Link>
          </CardFooter>
        </Card>
      </AuthScreenShell>
    );
  }

  if (outcome && "methods" in outcome) {
    return (
      <AuthScreenShell title="Two-step verification">
        <Card className="w-full">
          <CardHeader>
            <CardTitle level={1} className="text-2xl">
              Password changed: one more step
            </CardTitle>
            <CardDescription>
              Your new password is set. Confirm it's you with your second factor to sign in.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <SecondFactorStep
              methods={outcome.methods}
              onSignedIn={() => enterApp("/dashboard", 0)}
              onExpired={(message) => {
                toast.error("Sign-in Expired", { description: message });
                void navigate("/auth", { replace: true });
              }}
              onBack={() => void navigate("/auth", { replace: true })}
            />
          </CardContent>
        </Card>
      </AuthScreenShell>
    );
  }

  if (outcome) {
    return (
      <AuthScreenShell title="Password Reset">
        <Card className="w-full">
          <CardContent className="flex flex-col items-center gap-4 pt-8 text-center" role="status">
            <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <CircleCheck className="size-7" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">Password Reset Successful</h1>
            <p className="text-slate-600">
              {outcome.signedIn
                ? "Your password has been changed and you are signed in. Taking you to your dashboard..."
                : "Your password has been changed. Taking you to the sign-in page..."}
            </p>
          </CardContent>
        </Card>
      </AuthScreenShell>
    );
  }

  return (
    <AuthScreenShell title="Reset Password">
      <ResetPasswordForm token={token} onReset={onReset} />
    </AuthScreenShell>
  );
}
