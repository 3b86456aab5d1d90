import { ArrowLeft, KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { SecondFactorMethod } from "#contract/api/second-factor.ts";
import { CodeField } from "#web/components/code-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { lazyResolver } from "#web/lib/lazy-resolver.ts";
import { passkeyCancelled, passkeysSupported } from "#web/lib/passkeys.ts";
import { useSecondFactorSignIn } from "./use-auth-mutations.ts";

const resolver = lazyResolver(() =>
  import("./auth-resolvers.ts").then((module) => module.secondFactorResolver),
);

export type SecondFactorStepProps = {
  /** What the member has set up, as the sign-in answered. */
  methods: readonly SecondFactorMethod[];
  /** Called once the session cookie is set. */
  onSignedIn: () => void;
  /** The sign-in has ended (expired, or too many wrong codes): start again, showing `message`. */
  onExpired: (message: string) => void;
  onBack: () => void;
};

/**
 * A sign-in's second step: the code from the authenticator app (or a recovery code), or a passkey. The password
 * was right; no session exists until this step succeeds.
 */
export function SecondFactorStep({ methods, onSignedIn, onExpired, onBack }: SecondFactorStepProps) {
  const verify = useSecondFactorSignIn();
  const [canUsePasskey] = useState(() => methods.includes("passkey") && passkeysSupported());
  const withCode = methods.includes("totp") || methods.includes("recovery");
  const form = useForm({ resolver, defaultValues: { code: "" } });
  const busy = verify.isPending || verify.isSuccess;

  const send = (proof: { code: string } | "passkey") =>
    verify.mutate(proof, {
      onSuccess: () => {
        toast.success("Login Successful", { description: "Welcome back!" });
        onSignedIn();
      },
      onError: (error) => {
        if (passkeyCancelled(error)) return;
        const code = errorCodeOf(error);
        const message = errorMessage(error, "Failed to check your code");
        if (code === "sign_in_expired") onExpired(message);
        else if (!applyServerFieldErrors(form, error)) toast.error("Login Failed", { description: message });
      },
    });

  return (
    <div className="grid gap-4">
      {withCode ? (
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((body) => send(body))}
            noValidate
            className="grid gap-4"
            aria-label="Enter your code"
          >
            <CodeField
              control={form.control}
              name="code"
              recoveryCodes={methods.includes("recovery")}
              autoFocus
            />
            <SubmitButton pending={busy && verify.variables !== "passkey"} size="lg" className="w-full">
              Verify
            </SubmitButton>
          </form>
        </Form>
      ) : null}
      {canUsePasskey ? (
        <Button
          variant={withCode ? "outline" : "primary"}
          size="lg"
          className="w-full"
          onClick={() => send("passkey")}
          disabled={busy}
        >
          {busy && verify.variables === "passkey" ? (
            <Spinner className={withCode ? undefined : "text-white"} />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          Use a passkey
        </Button>
      ) : null}
      {!withCode && !canUsePasskey ? (
        <p className="text-sm text-slate-700">
          Your account signs in with a passkey, and this browser cannot use one. Sign in on a device that
          holds your passkey.
        </p>
      ) : null}
      <Button variant="ghost" className="justify-self-start" onClick={onBack} disabled={busy}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
    </div>
  );
}
