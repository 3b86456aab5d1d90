import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { BILLING_TOASTS } from "./billing-messages.ts";
import { PaymentFormError } from "./payment-form-error.tsx";
import { StripePaymentForm } from "./stripe-payment-form.tsx";
import { TestCardForm } from "./test-card-form.tsx";
import { PAYMENT_PREMIUM_WAIT, useAwaitProfile } from "./use-await-premium.ts";
import {
  type TestConfirmRequest,
  useConfirmTestCardSetup,
  usePaymentsConfig,
  useStartCardChange,
} from "./use-payments.ts";

export type CardChangeStepProps = {
  profile: Profile;
  priceLabel: string;
  /** Back to the plan (after a change, or without one). */
  onDone: () => void;
};

const notPastDue = (profile: Profile | null | undefined) => profile?.subscriptionStatus !== "past_due";

/**
 * "Update your card": the TEST MODE form or Stripe's Payment Element in setup mode (a SetupIntent), so the card
 * never touches Tagit's server. A past-due member's open invoice is retried with the new card at once.
 */
export function CardChangeStep({ profile, priceLabel, onDone }: CardChangeStepProps) {
  const config = usePaymentsConfig();
  const start = useStartCardChange();
  const confirm = useConfirmTestCardSetup();
  const pastDue = profile.subscriptionStatus === "past_due";
  // Stripe's webhook retries the invoice a moment after the card is confirmed: wait for it (at most 10 s).
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  const settled = useAwaitProfile(confirmedAt, PAYMENT_PREMIUM_WAIT, notPastDue);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one setup intent per visit to this step
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, {
      onError: (error) =>
        toast.error(BILLING_TOASTS.cardFailed.title, {
          description: errorMessage(error, BILLING_TOASTS.cardFailed.fallback),
        }),
    });
  }, []);

  useEffect(() => {
    if (settled) onDone();
  }, [settled, onDone]);

  const declined = (message: string) =>
    toast.error(BILLING_TOASTS.paymentFailed.title, { description: message });
  const failed = (error?: unknown) =>
    toast.error(BILLING_TOASTS.paymentError.title, {
      description: errorMessage(error, BILLING_TOASTS.paymentError.description),
    });

  const saveTestCard = (body: TestConfirmRequest) =>
    confirm.mutate(body, {
      onSuccess: (answer) => {
        const paidInvoice = pastDue && answer.status === "active";
        const message = paidInvoice ? BILLING_TOASTS.cardPaidInvoice : BILLING_TOASTS.cardUpdated;
        toast.success(message.title, { description: message.description });
        onDone();
      },
      onError: (error) =>
        errorCodeOf(error) === "payment_failed"
          ? declined(errorMessage(error, "Your card was declined."))
          : failed(error),
    });

  const stripeConfirmed = () => {
    const message = pastDue ? BILLING_TOASTS.cardRetrying : BILLING_TOASTS.cardUpdated;
    toast.success(message.title, { description: message.description });
    if (pastDue) setConfirmedAt(Date.now());
    else onDone();
  };

  const submitLabel = pastDue ? `Save card and pay ${priceLabel}` : "Save card";
  const clientSecret = start.data?.clientSecret;

  return (
    <Card role="region" aria-labelledby="card-change-title" className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle id="card-change-title">Update your card</CardTitle>
        <CardDescription>
          {pastDue
            ? "Your last payment failed. The open invoice is paid with the new card as soon as you save it."
            : "Your new card is used from your next Premium payment. Nothing is charged now."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {start.isError ? (
          <PaymentFormError onRetry={() => start.mutate()} onBack={onDone} />
        ) : !clientSecret ? (
          <PageSpinner label="Loading card form..." className="py-10" />
        ) : (
          <QueryState
            query={config}
            loading={<PageSpinner label="Loading card form..." className="py-10" />}
            error={() => <PaymentFormError onRetry={() => void config.refetch()} onBack={onDone} />}
          >
            {(settings) =>
              settings.provider === "test" ? (
                <TestCardForm
                  clientSecret={clientSecret}
                  priceLabel={priceLabel}
                  pending={confirm.isPending}
                  onSubmit={saveTestCard}
                  onBack={onDone}
                  submitLabel={submitLabel}
                  backLabel="Back"
                />
              ) : (
                <StripePaymentForm
                  mode="setup"
                  publishableKey={settings.publishableKey}
                  returnUrl={`${window.location.origin}/payments`}
                  clientSecret={clientSecret}
                  priceLabel={priceLabel}
                  pending={confirmedAt !== null}
                  onPaid={stripeConfirmed}
                  onDeclined={declined}
                  onError={failed}
                  onBack={onDone}
                  submitLabel={submitLabel}
                  backLabel="Back"
                />
              )
            }
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}
