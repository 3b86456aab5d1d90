import { AlertTriangle, CalendarCheck, CalendarX, CreditCard, RotateCcw } from "lucide-react";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { cardLabel, subscriptionState, subscriptionStateText } from "./billing-display.ts";
import { BILLING_TOASTS, renewsOnText } from "./billing-messages.ts";
import { CancelPremium } from "./cancel-premium.tsx";
import { formatPeriodEnd } from "./payments-display.ts";
import { useResumeSubscription } from "./use-payments.ts";

export type ManageSubscriptionProps = {
  profile: Profile;
  /** Opens the card change (the payment form in setup mode). */
  onChangeCard: () => void;
};

const STATE_LOOK = {
  renews: { variant: "success", Icon: CalendarCheck },
  ends: { variant: "info", Icon: CalendarX },
  past_due: { variant: "destructive", Icon: AlertTriangle },
} as const;

/**
 * A Premium member's subscription, read from the profile (so it survives reloads and other devices): when it
 * renews, ends or lapses; the card it is charged to with Update card; and Cancel or Resume.
 */
export function ManageSubscription({ profile, onChangeCard }: ManageSubscriptionProps) {
  const resume = useResumeSubscription();
  const state = subscriptionState(profile);
  if (state.kind === "none") return null;
  const { variant, Icon } = STATE_LOOK[state.kind];

  const resumePremium = () =>
    resume.mutate(undefined, {
      onSuccess: (updated) =>
        toast.success(BILLING_TOASTS.resumed.title, {
          description: renewsOnText(formatPeriodEnd(updated.subscriptionCurrentPeriodEnd)),
        }),
      onError: (error) =>
        toast.error(BILLING_TOASTS.resumeFailed.title, {
          description: errorMessage(error, BILLING_TOASTS.resumeFailed.fallback),
        }),
    });

  return (
    <section aria-label="Your subscription" className="grid gap-3">
      <Alert variant={variant} role="status">
        <Icon aria-hidden="true" />
        <p>{subscriptionStateText(state)}</p>
      </Alert>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
            <CreditCard className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900">
              {profile.paymentCard ? cardLabel(profile.paymentCard) : "Your card"}
            </p>
            <p className="text-xs text-slate-500">Used for your Premium payments</p>
          </div>
        </div>
        <Button variant={state.kind === "past_due" ? "primary" : "outline"} size="sm" onClick={onChangeCard}>
          Update card
        </Button>
      </div>
      {state.kind === "ends" ? (
        <Button size="lg" onClick={resumePremium} disabled={resume.isPending}>
          {resume.isPending ? <Spinner className="text-white" /> : <RotateCcw aria-hidden="true" />}
          {resume.isPending ? "Resuming..." : "Resume Premium"}
        </Button>
      ) : (
        <CancelPremium />
      )}
    </section>
  );
}
