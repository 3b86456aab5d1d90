import { Smartphone } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import type { TotpSetupResponse } from "#contract/api/second-factor.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { AuthenticatorSetup } from "./authenticator-setup.tsx";
import { RecoveryCodesPanel } from "./recovery-codes-panel.tsx";
import { TurnOffAuthenticatorForm } from "./turn-off-authenticator-form.tsx";
import { useNewRecoveryCodes, useStartAuthenticatorSetup } from "./use-authenticator-app.ts";

/** What the section shows besides its status: a setup under way, new recovery codes, or the turn-off form. */
type Stage =
  | { name: "status" }
  | { name: "setup"; setup: TotpSetupResponse }
  | { name: "codes"; codes: string[] }
  | { name: "turn-off" };

const STATUS: Stage = { name: "status" };

export type AuthenticatorAppSectionProps = { profile: Pick<Profile, "email" | "twoFactor"> };

/** Security settings' authenticator app: set it up (QR code, first code, recovery codes), turn it off, new codes. */
export function AuthenticatorAppSection({ profile }: AuthenticatorAppSectionProps) {
  const [stage, setStage] = useState<Stage>(STATUS);
  const [confirmNewCodes, setConfirmNewCodes] = useState(false);
  const start = useStartAuthenticatorSetup();
  const newCodes = useNewRecoveryCodes();
  const on = profile.twoFactor.totp;
  const heading = useRef<HTMLHeadingElement>(null);
  // Back to the status from a panel that held the focus: focus returns to the section's heading.
  const showStatus = () => {
    setStage(STATUS);
    heading.current?.focus();
  };

  const startSetup = () =>
    start.mutate(undefined, {
      onSuccess: (setup) => setStage({ name: "setup", setup }),
      onError: (error) =>
        toast.error("Setup Failed", {
          description: errorMessage(error, "Failed to start setting up the authenticator app"),
        }),
    });
  const replaceCodes = () =>
    newCodes.mutate(undefined, {
      onSuccess: ({ recoveryCodes }) => {
        setConfirmNewCodes(false);
        setStage({ name: "codes", codes: recoveryCodes });
      },
      onError: (error) => {
        setConfirmNewCodes(false);
        toast.error("New Codes Failed", {
          description: errorMessage(error, "Failed to make new recovery codes"),
        });
      },
    });

  return (
    <section aria-labelledby="authenticator-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3
          ref={heading}
          tabIndex={-1}
          id="authenticator-heading"
          className="font-semibold text-slate-900 outline-none"
        >
          Authenticator App
        </h3>
        <Badge variant={on ? "default" : "secondary"}>{on ? "On" : "Off"}</Badge>
      </div>
      {stage.name === "setup" ? (
        <AuthenticatorSetup
          setup={stage.setup}
          onEnabled={(codes) => setStage({ name: "codes", codes })}
          onCancel={showStatus}
        />
      ) : stage.name === "codes" ? (
        <RecoveryCodesPanel codes={stage.codes} email={profile.email} onDone={showStatus} />
      ) : stage.name === "turn-off" ? (
        <TurnOffAuthenticatorForm onDone={showStatus} onCancel={showStatus} />
      ) : on ? (
        <>
          <p className="text-sm text-slate-600">
            Every sign-in asks for a code from your app. If you lose it, sign in with a recovery code.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setConfirmNewCodes(true)}>
              New Recovery Codes
            </Button>
            <Button variant="outline" onClick={() => setStage({ name: "turn-off" })}>
              Turn Off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Ask for a code from an app on your phone each time you sign in, so your password alone no longer
            opens your account.
          </p>
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={startSetup}
            disabled={start.isPending}
          >
            {start.isPending ? <Spinner /> : <Smartphone aria-hidden="true" />}
            Set Up
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirmNewCodes}
        onOpenChange={setConfirmNewCodes}
        title="Make new recovery codes?"
        description="Your current recovery codes stop working, used or not. You will see the new ones once."
        confirmLabel="Make New Codes"
        onConfirm={replaceCodes}
        pending={newCodes.isPending}
      />
    </section>
  );
}
