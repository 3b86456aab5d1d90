import { Info } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { premiumEndsText } from "./payments-display.ts";
import { type CancelSubscriptionResponse, useCancelSubscription } from "./use-payments.ts";

export type CancelPremiumProps = {
  /** When Premium ends if it is already cancelled at period end; undefined while it renews. */
  endsAt: string | null | undefined;
};

/** Active members: cancel at period end, with a confirmation; once cancelled (now or before), when Premium ends. */
export function CancelPremium({ endsAt }: CancelPremiumProps) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [cancelled, setCancelled] = useState<CancelSubscriptionResponse | null>(null);

  if (cancelled || endsAt !== undefined) {
    return (
      <Alert variant="info" role="status">
        <Info aria-hidden="true" />
        <p>{premiumEndsText(cancelled ? cancelled.currentPeriodEnd : (endsAt ?? null))}</p>
      </Alert>
    );
  }

  return (
    <>
      <p className="text-sm text-slate-600">
        You are a Premium member. Cancelling keeps Premium until the end of the current billing period.
      </p>
      <Button variant="outline" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
        Cancel at period end
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Premium?"
        description="Your subscription will not renew. Premium stays active until the end of the current billing period."
        confirmLabel="Cancel at period end"
        cancelLabel="Keep Premium"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              setCancelled(answer);
              toast.success("Subscription Cancelled", {
                description: premiumEndsText(answer.currentPeriodEnd),
              });
            },
            onError: (error) => {
              setConfirming(false);
              toast.error("Cancellation Failed", {
                description: errorMessage(error, "Failed to cancel subscription"),
              });
            },
          })
        }
      />
    </>
  );
}
