import { zodResolver } from "@hookform/resolvers/zod";
import { Copy } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type TotpEnableBody,
  type TotpSetupResponse,
  totpEnableBodySchema,
} from "#contract/api/second-factor.ts";
import { CodeField } from "#web/components/code-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { copyText } from "./copy-text.ts";
import { QrCodeImage } from "./qr-code-image.tsx";
import { groupKey } from "./two-factor-display.ts";
import { useEnableAuthenticator } from "./use-authenticator-app.ts";

export type AuthenticatorSetupProps = {
  setup: TotpSetupResponse;
  /** The app is on: its first code was right. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Scan the QR code (or type the key), then confirm with the first code the app shows. */
export function AuthenticatorSetup({ setup, onEnabled, onCancel }: AuthenticatorSetupProps) {
  const enable = useEnableAuthenticator();
  const firstStep = useRef<HTMLParagraphElement>(null);
  // The panel replaces the Set Up button that was focused: focus moves to its first step, read from there on.
  useEffect(() => firstStep.current?.focus(), []);
  const form = useForm<TotpEnableBody>({
    resolver: zodResolver(totpEnableBodySchema),
    defaultValues: { code: "" },
  });

  const onSubmit = form.handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast.success("Authenticator App On", { description: "Every sign-in now asks for a code." });
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        const message = errorMessage(error, "Failed to turn on the authenticator app");
        if (!applyServerFieldErrors(form, error)) {
          toast.error("Setup Failed", { description: message });
          // The setup expired or was replaced: start again from the button.
          if (errorCodeOf(error) === "conflict") onCancel();
        }
      },
    }),
  );

  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <ol className="grid list-decimal gap-4 pl-5 text-sm text-slate-700 marker:font-semibold">
        <li>
          <div className="grid gap-3">
            <p ref={firstStep} tabIndex={-1} className="outline-none">
              Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).
            </p>
            <QrCodeImage
              value={setup.otpauthUrl}
              alt="QR code of your Tagit key, for your authenticator app"
            />
            <div className="grid gap-1">
              <p>Or type this key into the app:</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="authenticator-key"
                  className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
                >
                  {groupKey(setup.secret)}
                </code>
                <Button variant="outline" size="sm" onClick={() => void copyText(setup.secret, "The key")}>
                  <Copy aria-hidden="true" />
                  Copy key
                </Button>
              </div>
            </div>
          </div>
        </li>
        <li>
          <Form {...form}>
            <form
              onSubmit={onSubmit}
              noValidate
              className="grid gap-3"
              aria-label="Confirm your authenticator app"
            >
              <p>Enter the code the app shows for Tagit.</p>
              <CodeField control={form.control} name="code" label="Code from the app" />
              <div className="flex flex-wrap gap-2">
                <SubmitButton pending={enable.isPending}>Turn On</SubmitButton>
                <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
                  Cancel
                </Button>
              </div>
            </form>
          </Form>
        </li>
      </ol>
    </div>
  );
}
