import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, ShieldCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { adminSessionBodySchema } from "#contract/api/admin.ts";
import { secondFactorCodeSchema } from "#contract/api/second-factor.ts";
import { CodeField } from "#web/components/code-field.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { apiRequest, errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { dashboardDialogLink } from "#web/lib/dashboard-dialogs.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { answerWithPasskey, passkeyCancelled, passkeysSupported } from "#web/lib/passkeys.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import { adminSession } from "./admin-session.ts";

/**
 * The unlock as typed: the password and a code. The code may stay empty — a passkey answers instead, or the
 * server does not ask for one — and the server says so on the field when it is needed.
 */
const unlockFormSchema = adminSessionBodySchema.pick({ password: true }).extend({
  code: z.union([z.literal(""), secondFactorCodeSchema]),
});
type UnlockValues = z.input<typeof unlockFormSchema>;

/** The second factor the unlock sends: the code typed, or a passkey asked of the browser when the member chose it. */
type Proof = { code: string } | "passkey";

/**
 * The panel asks a signed-in administrator for their password and second factor once per browser (every tab
 * shares the unlock); an administrator without a second factor is sent to set one up first (decision 047).
 */
export function UnlockForm() {
  const { profile } = useProfile();
  const [canUsePasskey] = useState(passkeysSupported);
  const passkeys = canUsePasskey && (profile?.twoFactor.passkeys ?? 0) > 0;
  // An administrator with passkeys and no app has no code to type.
  const askCode = !passkeys || profile?.twoFactor.totp !== false;
  // 403 second_factor_required: nothing is set up yet, so the panel leads to Security settings.
  const [needsSetup, setNeedsSetup] = useState<string | null>(null);
  const form = useForm<UnlockValues, unknown, z.output<typeof unlockFormSchema>>({
    resolver: zodResolver(unlockFormSchema),
    defaultValues: { password: "", code: "" },
  });
  const unlock = useMutation({
    mutationFn: async ({ password, proof }: { password: string; proof: Proof }) =>
      apiRequest("POST", "/api/admin/session", {
        password,
        ...(proof === "passkey" ? { passkey: await answerWithPasskey() } : proof.code ? proof : {}),
      }),
    onSuccess: ({ sessionId }) => adminSession.set(sessionId),
    onError: (error) => {
      if (passkeyCancelled(error)) return;
      const message = errorMessage(error, "Failed to open the admin panel");
      const code = errorCodeOf(error);
      if (code === "second_factor_required") setNeedsSetup(message);
      else if (!applyServerFieldErrors(form, error)) toast.error("Unlock Failed", { description: message });
    },
  });
  const pendingWith = (kind: "code" | "passkey") =>
    unlock.isPending && (unlock.variables.proof === "passkey") === (kind === "passkey");

  const withPasskey = async () => {
    if (await form.trigger("password"))
      unlock.mutate({ password: form.getValues("password"), proof: "passkey" });
  };

  return (
    <Card className="mx-auto grid w-full max-w-md gap-5 p-6">
      <div className="grid gap-2 text-center">
        <ShieldCheck className="mx-auto size-10 text-brand-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Admin Panel</h1>
        <p className="text-sm text-slate-600">
          Enter your password again and confirm it's you with your second factor to open the admin panel.
        </p>
      </div>
      {needsSetup ? (
        <Alert variant="warning" role="alert" className="flex-wrap">
          <TriangleAlert aria-hidden="true" />
          <p className="min-w-0 flex-1">{needsSetup}</p>
          <Button asChild variant="outline" size="sm">
            <Link {...dashboardDialogLink("security-settings")}>Open Security Settings</Link>
          </Button>
        </Alert>
      ) : null}
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit(({ password, code }) => unlock.mutate({ password, proof: { code } }))}
          noValidate
          className="grid gap-4"
        >
          <LabelledField control={form.control} name="password" label="Password">
            {({ field }) => (
              <PasswordInput
                toggleLabel="password"
                autoComplete="current-password"
                autoFocus
                required
                {...field}
              />
            )}
          </LabelledField>
          {askCode ? <CodeField control={form.control} name="code" recoveryCodes /> : null}
          <SubmitButton
            pending={pendingWith("code")}
            disabled={unlock.isPending}
            size="lg"
            className="w-full"
          >
            Unlock
          </SubmitButton>
          {passkeys ? (
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={withPasskey}
              disabled={unlock.isPending}
            >
              {pendingWith("passkey") ? <Spinner /> : <KeyRound aria-hidden="true" />}
              Use a passkey
            </Button>
          ) : null}
        </form>
      </Form>
    </Card>
  );
}
