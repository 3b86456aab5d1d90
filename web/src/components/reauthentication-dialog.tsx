import { zodResolver } from "@hookform/resolvers/zod";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { reauthenticateBodySchema } from "#contract/api/sessions.ts";
import { CodeField } from "#web/components/code-field.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { answerWithPasskey, passkeyCancelled, passkeysSupported } from "#web/lib/passkeys.ts";
import { useProfile } from "#web/lib/use-profile.ts";

const [passwordProofSchema, codeProofSchema] = reauthenticateBodySchema.options;

export type ReauthenticationDialogProps = {
  /** Called once: true when the member proved it is them, false when they cancelled. */
  onDone: (reauthenticated: boolean) => void;
};

/** What is being sent: the form's password or code, or a passkey's answer. */
type Pending = "form" | "passkey" | null;
/** The password, a code, or a passkey's answer, as `POST /api/auth/reauthenticate` takes them. */
type Proof =
  | z.input<typeof passwordProofSchema>
  | z.input<typeof codeProofSchema>
  | { passkey: AuthenticationResponseJSON };
/** Sends one proof of who the member is: the error when the server refused it, null once it took it. */
type Prove = (proof: Proof) => Promise<unknown>;

type ProofFormProps = {
  prove: Prove;
  pending: boolean;
  /** The form's buttons (Cancel, Confirm), inside the form so Enter submits it. */
  actions: ReactNode;
};

function PasswordProof({ prove, pending, actions }: ProofFormProps) {
  const form = useForm<z.input<typeof passwordProofSchema>>({
    resolver: zodResolver(passwordProofSchema),
    defaultValues: { currentPassword: "" },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const error = await prove(body);
    if (error && !applyServerFieldErrors(form, error)) {
      form.setError("currentPassword", { message: errorMessage(error, "Failed to confirm your password") });
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm your password">
        <LabelledField control={form.control} name="currentPassword" label="Password">
          {({ field }) => (
            <PasswordInput
              toggleLabel="password"
              autoComplete="current-password"
              autoFocus
              disabled={pending}
              {...field}
            />
          )}
        </LabelledField>
        {actions}
      </form>
    </Form>
  );
}

function CodeProof({ prove, actions }: ProofFormProps) {
  const form = useForm<z.input<typeof codeProofSchema>>({
    resolver: zodResolver(codeProofSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const error = await prove(body);
    if (error && !applyServerFieldErrors(form, error)) {
      form.setError("code", { message: errorMessage(error, "Failed to confirm your code") });
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm with a code">
        <CodeField control={form.control} name="code" recoveryCodes autoFocus />
        {actions}
      </form>
    </Form>
  );
}

/**
 * "Confirm it's you" before an action that needs a recent sign-in, which then goes ahead: the password again or,
 * for a member who has set them up, a code from their authenticator app (or a recovery code) or one of their
 * passkeys.
 */
export default function ReauthenticationDialog({ onDone }: ReauthenticationDialogProps) {
  const { profile } = useProfile();
  const [canUsePasskey] = useState(passkeysSupported);
  const offerPasskey = canUsePasskey && (profile?.twoFactor.passkeys ?? 0) > 0;
  const offerCode = profile?.twoFactor.totp === true;
  const [method, setMethod] = useState<"password" | "code">("password");
  const [pending, setPending] = useState<Pending>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  const prove = (kind: Exclude<Pending, null>) => async (proof: Proof) => {
    setPending(kind);
    setPasskeyError(null);
    try {
      await apiRequest("POST", "/api/auth/reauthenticate", proof);
      onDone(true);
      return null;
    } catch (error) {
      setPending(null);
      return error;
    }
  };

  const withPasskey = async () => {
    const failed = (error: unknown) =>
      setPasskeyError(errorMessage(error, "Your passkey could not be used. Try again or use your password."));
    setPending("passkey");
    setPasskeyError(null);
    let answer: AuthenticationResponseJSON;
    try {
      answer = await answerWithPasskey();
    } catch (error) {
      setPending(null);
      if (!passkeyCancelled(error)) failed(error);
      return;
    }
    const error = await prove("passkey")({ passkey: answer });
    if (error) failed(error);
  };

  const actions = (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" disabled={pending !== null} onClick={() => onDone(false)}>
        Cancel
      </Button>
      <SubmitButton pending={pending === "form"} disabled={pending !== null}>
        Confirm
      </SubmitButton>
    </div>
  );
  const proofForm = { prove: prove("form"), pending: pending !== null, actions };

  return (
    <Dialog open onOpenChange={(open) => !open && pending === null && onDone(false)}>
      <DialogContent className="max-w-md">
        <DialogTitle>Confirm it's you</DialogTitle>
        <DialogDescription>
          You signed in a while ago, and this needs a recent sign-in.{" "}
          {method === "password"
            ? "Enter your password to continue."
            : "Enter a code from your authenticator app to continue."}
        </DialogDescription>
        {method === "password" ? <PasswordProof {...proofForm} /> : <CodeProof {...proofForm} />}
        {offerPasskey || offerCode ? (
          <div className="grid gap-2 border-t border-slate-200 pt-4">
            {offerPasskey ? (
              <Button type="button" variant="outline" disabled={pending !== null} onClick={withPasskey}>
                {pending === "passkey" ? <Spinner /> : <KeyRound aria-hidden="true" />}
                Use a passkey
              </Button>
            ) : null}
            {offerCode ? (
              <Button
                type="button"
                variant="ghost"
                disabled={pending !== null}
                onClick={() => setMethod(method === "password" ? "code" : "password")}
              >
                {method === "password" ? "Use a code instead" : "Use your password instead"}
              </Button>
            ) : null}
            {passkeyError ? (
              <p role="alert" className="text-sm text-red-700">
                {passkeyError}
              </p>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
