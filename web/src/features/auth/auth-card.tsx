import { useState } from "react";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { RegisterForm } from "./register-form.tsx";
import { SignInForm } from "./sign-in-form.tsx";

export type AuthMode = "sign-in" | "sign-up";

export type AuthCardProps = {
  initialMode: AuthMode;
  referralCode: string | null;
  onAuthenticated: () => void;
};

/** Sign in ⇄ create account, in one card. */
export function AuthCard({ initialMode, referralCode, onAuthenticated }: AuthCardProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const signIn = mode === "sign-in";

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
        {signIn ? (
          <SignInForm onSignedIn={onAuthenticated} />
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
