import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { SecondFactorMethod } from "#contract/api/second-factor.ts";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { lazyResolver } from "#web/lib/lazy-resolver.ts";
import { passkeyCancelled, passkeysSupported } from "#web/lib/passkeys.ts";
import { useTypedBeforeHydration } from "#web/lib/use-typed-before-hydration.ts";
import { needsSecondFactor, useLogin, usePasskeySignIn } from "./use-auth-mutations.ts";

const resolver = lazyResolver(() => import("./auth-resolvers.ts").then((module) => module.signInResolver));

export type SignInFormProps = {
  /** Called once the session cookie is set. */
  onSignedIn: () => void;
  /** The password was right and the account has a second factor: the sign-in waits for it. */
  onSecondFactor: (methods: SecondFactorMethod[], email: string) => void;
  /** The address to start with (coming back from the second step). */
  email?: string;
};

export function SignInForm({ onSignedIn, onSecondFactor, email = "" }: SignInFormProps) {
  const login = useLogin();
  const passkeySignIn = usePasskeySignIn();
  // The server renders this form (decision 056) and cannot ask the browser: it offers the button, as nearly
  // every browser supports passkeys, and one that does not says so on the button once the page runs.
  const [canUsePasskey, setCanUsePasskey] = useState(true);
  useEffect(() => setCanUsePasskey(passkeysSupported()), []);
  const form = useForm({
    resolver,
    defaultValues: { email, password: "" },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, formRef);
  // Pending until the page moves on: a sign-in that needs its second step leaves this form instead.
  const passwordPending = login.isPending || (login.isSuccess && !needsSecondFactor(login.data));
  const passkeyPending = passkeySignIn.isPending || passkeySignIn.isSuccess;
  const busy = passwordPending || passkeyPending;

  const welcome = () => {
    toast.success("Login Successful", { description: "Welcome back!" });
    onSignedIn();
  };

  const onSubmit = form.handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) onSecondFactor(answer.methods, body.email);
        else welcome();
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        toast.error("Login Failed", { description: errorMessage(error, "Login failed") });
      },
    }),
  );

  const signInWithPasskey = () =>
    passkeySignIn.mutate(undefined, {
      onSuccess: welcome,
      onError: (error) => {
        // Closing the browser's passkey prompt is a choice, not a failure.
        if (passkeyCancelled(error)) return;
        toast.error("Login Failed", { description: errorMessage(error, "Passkey sign-in failed") });
      },
    });

  return (
    <div className="grid gap-4">
      <Form {...form}>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
          <LabelledField control={form.control} name="email" label="Email">
            {({ field }) => <EmailInput required placeholder="you@example.com" {...field} />}
          </LabelledField>
          <LabelledField control={form.control} name="password" label="Password">
            {({ field }) => (
              <Input
                type="password"
                autoComplete="current-password"
                required
                autoFocus={email !== ""}
                {...field}
              />
            )}
          </LabelledField>
          <SubmitButton pending={passwordPending} disabled={busy} size="lg" className="mt-1 w-full">
            Sign In
          </SubmitButton>
        </form>
      </Form>
      <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        or
      </p>
      {/* Kept in its place when the browser cannot use passkeys, so nothing below moves once the page runs. */}
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={signInWithPasskey}
        disabled={busy || !canUsePasskey}
      >
        {passkeyPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {canUsePasskey ? "Sign in with a passkey" : "No passkeys in this browser"}
      </Button>
    </div>
  );
}
