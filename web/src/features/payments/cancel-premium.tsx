import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { BILLING_TOASTS } from "./billing-messages.ts";
import { premiumEndsText } from "./payments-display.ts";
import { useCancelSubscription } from "./use-payments.ts";

/** Cancel at period end, after a confirmation; the plan then reads "Premium until …" from the profile. */
export function CancelPremium() {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
        Cancel at period end
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Premium?"
        description="Your subscription will not renew. Premium stays active until the end of the current billing period, and you can resume it until then."
        confirmLabel="Cancel at period end"
        cancelLabel="Keep Premium"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast.success(BILLING_TOASTS.cancelled.title, {
                description: premiumEndsText(answer.currentPeriodEnd),
              });
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(BILLING_TOASTS.cancelFailed.title, {
                description: errorMessage(error, BILLING_TOASTS.cancelFailed.fallback),
              });
            },
          })
        }
      />
    </>
  );
}
