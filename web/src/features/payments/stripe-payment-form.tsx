import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { ArrowLeft, Lock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { PaymentFormError } from "./payment-form-error.tsx";

export type StripePaymentFormProps = {
  publishableKey: string;
  returnUrl: string;
  clientSecret: string;
  priceLabel: string;
  pending: boolean;
  onPaid: () => void;
  onDeclined: (message: string) => void;
  onError: () => void;
  onBack: () => void;
  /** "setup" confirms a SetupIntent (a card change) instead of paying (default "payment"). */
  mode?: "payment" | "setup";
  submitLabel?: string;
  backLabel?: string;
};

/** Stripe.js is loaded once per key, on the first visit to the payment step (not on every page). */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    stripeLoads.set(publishableKey, load);
    load.catch(() => stripeLoads.delete(publishableKey));
  }
  return load;
}

/** The payment step with Stripe's Payment Element: card details never touch Tagit's server. */
export function StripePaymentForm(props: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after Try again
  useEffect(() => {
    let current = true;
    setLoadFailed(false);
    stripeFor(props.publishableKey)
      .then((loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setLoadFailed(true);
      })
      .catch(() => current && setLoadFailed(true));
    return () => {
      current = false;
    };
  }, [props.publishableKey, attempt]);

  if (loadFailed) {
    return <PaymentFormError onRetry={() => setAttempt((n) => n + 1)} onBack={props.onBack} />;
  }
  if (!stripe) return <PageSpinner label="Loading payment form..." className="py-10" />;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: "stripe", variables: { borderRadius: "8px" } },
      }}
    >
      <CheckoutForm {...props} />
    </Elements>
  );
}

/** Stripe.js confirms the payment or, in setup mode, the card; answers whether it went through. */
async function confirmWithStripe(
  stripe: Stripe,
  elements: StripeElements,
  mode: "payment" | "setup",
  returnUrl: string,
) {
  // Cards confirm in place (with Stripe's own 3-D Secure dialog); redirect-based methods come back to returnUrl.
  const options = { elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" } as const;
  if (mode === "setup") {
    const { error, setupIntent } = await stripe.confirmSetup(options);
    return { error, done: setupIntent?.status === "succeeded" || setupIntent?.status === "processing" };
  }
  const { error, paymentIntent } = await stripe.confirmPayment(options);
  return { error, done: paymentIntent?.status === "succeeded" || paymentIntent?.status === "processing" };
}

function CheckoutForm({
  returnUrl,
  priceLabel,
  pending,
  onPaid,
  onDeclined,
  onError,
  onBack,
  mode = "payment",
  submitLabel = `Pay ${priceLabel}`,
  backLabel = "Back to Plans",
}: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setConfirming(true);
    try {
      const { error, done } = await confirmWithStripe(stripe, elements, mode, returnUrl);
      if (error) {
        if (error.type === "card_error" || error.type === "validation_error") {
          onDeclined(error.message ?? "Your card was declined.");
        } else {
          onError();
        }
      } else if (done) {
        onPaid();
      } else {
        onError();
      }
    } catch {
      onError();
    } finally {
      setConfirming(false);
    }
  };

  if (loadFailed) return <PaymentFormError onRetry={() => window.location.reload()} onBack={onBack} />;
  const busy = pending || confirming;

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Card details" aria-busy={!ready}>
      {ready ? null : <PageSpinner label="Loading payment form..." className="py-6" />}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
        options={{ layout: "tabs" }}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
        <Button type="submit" disabled={!ready || busy}>
          {busy ? <Spinner className="text-white" /> : <Lock aria-hidden="true" />}
          {busy ? "Processing..." : submitLabel}
        </Button>
      </div>
      <p className="text-center text-xs text-slate-500">Payments are processed securely by Stripe.</p>
    </form>
  );
}
