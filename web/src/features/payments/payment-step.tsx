import { PageSpinner } from "#web/components/page-spinner.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { PaymentFormError } from "./payment-form-error.tsx";
import { StripePaymentForm } from "./stripe-payment-form.tsx";
import { TestCardForm } from "./test-card-form.tsx";
import { type TestConfirmRequest, usePaymentsConfig } from "./use-payments.ts";

export type PaymentStepProps = {
  clientSecret: string;
  priceLabel: string;
  pending: boolean;
  onPayWithTestCard: (body: TestConfirmRequest) => void;
  onPaid: () => void;
  onDeclined: (message: string) => void;
  onError: () => void;
  onBack: () => void;
};

/** "Complete Your Payment": the TEST MODE card form or Stripe's Payment Element, as the server is set up. */
export function PaymentStep({ clientSecret, priceLabel, pending, onBack, ...outcome }: PaymentStepProps) {
  const config = usePaymentsConfig();
  return (
    <Card role="region" aria-labelledby="payment-step-title" className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle id="payment-step-title">Complete Your Payment</CardTitle>
        <CardDescription>
          Premium — {priceLabel} per month. Cancel at the end of any billing period.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={config}
          loading={<PageSpinner label="Loading payment form..." className="py-10" />}
          error={() => <PaymentFormError onRetry={() => void config.refetch()} onBack={onBack} />}
        >
          {(settings) =>
            settings.provider === "test" ? (
              <TestCardForm
                clientSecret={clientSecret}
                priceLabel={priceLabel}
                pending={pending}
                onSubmit={outcome.onPayWithTestCard}
                onBack={onBack}
              />
            ) : (
              <StripePaymentForm
                publishableKey={settings.publishableKey}
                returnUrl={settings.returnUrl}
                clientSecret={clientSecret}
                priceLabel={priceLabel}
                pending={pending}
                onPaid={outcome.onPaid}
                onDeclined={outcome.onDeclined}
                onError={outcome.onError}
                onBack={onBack}
              />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
