import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { SecondFactorMethod } from "#contract/api/second-factor.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { RegisterForm } from "./register-form.tsx";
import { SecondFactorStep } from "./second-factor-step.tsx";
import { SignInForm } from "./sign-in-form.tsx";

export type AuthMode = "sign-in" | "sign-up";

export type AuthCardProps = {
  initialMode: AuthMode;
  referralCode: string | null;
  onAuthenticated: () => void;
};

/** "your authenticator app or a passkey": what the second step takes, in words. */
const methodsInWords = (methods: readonly SecondFactorMethod[]) =>
  [methods.includes("totp") && "your authenticator app", methods.includes("passkey") && "a passkey"]
    .filter(Boolean)
    .join(" or ");

/** Sign in ⇄ create account, in one card; a sign-in with a second factor asks for it on the same card. */
export function AuthCard({ initialMode, referralCode, onAuthenticated }: AuthCardProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  // Set while a sign-in whose password was right waits for the second factor.
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);
  // Why the member is back on the first step (their sign-in expired), shown above the form.
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const signIn = mode === "sign-in";

  const backToFirstStep = (message: string | null) => {
    setNotice(message);
    setMethods(null);
  };

  if (methods) {
    return (
      <Card className="w-full max-w-md shadow-xl shadow-slate-900/5">
        <CardHeader>
          <CardTitle id="auth-card-title" className="text-2xl">
            Two-step verification
          </CardTitle>
          <CardDescription>
            Your password was right. Confirm it's you with {methodsInWords(methods)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SecondFactorStep
            methods={methods}
            onSignedIn={onAuthenticated}
            onExpired={backToFirstStep}
            onBack={() => backToFirstStep(null)}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="w-full max-w-md shadow-xl shadow-slate-900/5">
      <CardHeader>
        <CardTitle id="auth-card-title" className="text-2xl">
          {signIn ? "Welcome Back" : "Create your account"}
        </CardTitle>
        <CardDescription>
          {signIn
            ? "Sign in to see who searched for your posts."
            : "Join Tagit to publish tagged posts and see who looks for them."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {signIn && notice ? (
          <Alert variant="warning" role="alert" className="mb-4">
            <TriangleAlert aria-hidden="true" />
            <p>{notice}</p>
          </Alert>
        ) : null}
        {signIn ? (
          <SignInForm
            email={email}
            onSignedIn={onAuthenticated}
            onSecondFactor={(asked, typed) => {
              setEmail(typed);
              setNotice(null);
              setMethods(asked);
            }}
          />
        ) : (
          <RegisterForm referralCode={referralCode} onRegistered={onAuthenticated} />
        )}
        {signIn ? (
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="justify-center text-sm text-slate-600">
        {signIn ? "New to Tagit?" : "Already have an account?"}
        <button
          type="button"
          onClick={() => setMode(signIn ? "sign-up" : "sign-in")}
          className="rounded font-semibold text-brand-700 hover:underline"
        >
          {signIn ? "Create an account" : "Sign in instead"}
        </button>
      </CardFooter>
    </Card>
  );
}
