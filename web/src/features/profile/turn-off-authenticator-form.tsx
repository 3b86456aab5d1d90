import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { type DisableTotpBody, disableTotpBodySchema } from "#contract/api/second-factor.ts";
import { CodeField } from "#web/components/code-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useDisableAuthenticator } from "./use-authenticator-app.ts";

export type TurnOffAuthenticatorFormProps = { onDone: () => void; onCancel: () => void };

/** Turning the app off takes a code from it, or a recovery code when the phone is gone. */
export function TurnOffAuthenticatorForm({ onDone, onCancel }: TurnOffAuthenticatorFormProps) {
  const disable = useDisableAuthenticator();
  const form = useForm<DisableTotpBody>({
    resolver: zodResolver(disableTotpBodySchema),
    defaultValues: { code: "" },
  });

  const onSubmit = form.handleSubmit(({ code }) =>
    disable.mutate(code, {
      onSuccess: () => {
        toast.success("Authenticator App Off", {
          description: "Sign-ins no longer ask for a code. Your recovery codes were deleted.",
        });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, "Failed to turn off the authenticator app");
        if (!applyServerFieldErrors(form, error)) toast.error("Turn Off Failed", { description: message });
      },
    }),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 rounded-xl border border-slate-200 p-4"
        aria-label="Turn off the authenticator app"
      >
        <p className="text-sm text-slate-700">
          Enter a code from your app to turn it off. Your recovery codes stop working, and your other devices
          are signed out.
        </p>
        <CodeField control={form.control} name="code" recoveryCodes autoFocus />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={disable.isPending} variant="destructive">
            Turn Off
          </SubmitButton>
          <Button variant="outline" onClick={onCancel} disabled={disable.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
