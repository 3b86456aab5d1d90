import { useQueryClient } from "@tanstack/react-query";
import { Check, Crown, Gift, Info, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR, TIMING } from "#contract/limits.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { profileQuery, useProfile } from "#web/app/use-profile.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { formatPlanPrice } from "#web/lib/money.ts";
import { PaymentFormError } from "./payment-form-error.tsx";
import { PREMIUM_FEATURES, premiumEndsText } from "./payments-display.ts";
import { StripePaymentForm } from "./stripe-payment-form.tsx";
import { TestCardForm } from "./test-card-form.tsx";
import {
  type CancelSubscriptionResponse,
  type TestConfirmRequest,
  useCancelSubscription,
  useConfirmTestPayment,
  useCreateSubscription,
  useFreeOption,
  usePaymentsConfig,
} from "./use-payments.ts";

/** How long the page waits for Stripe's webhook to make the member Premium before going to the dashboard. */
const PREMIUM_WAIT_MS = 10_000;
const PREMIUM_POLL_MS = 1_000;

/** /payments (everyone): the Premium plan, the free option and the payment step (spec 1 §2, §4, §8). */

export function PaymentsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile, isLoading: profileLoading } = useProfile();
  const config = usePaymentsConfig();
  const freeOption = useFreeOption();
  const createSubscription = useCreateSubscription();
  const confirmPayment = useConfirmTestPayment();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const left = useRef(false);

  useEffect(() => {
    left.current = false; // StrictMode mounts twice
    return () => {
      left.current = true;
      window.clearTimeout(redirectTimer.current);
    };
  }, []);

  const priceMinor = config.data?.priceMinor ?? PREMIUM_PRICE_MINOR;
  const currency = config.data?.currency ?? PREMIUM_CURRENCY;
  const price = formatPlanPrice(priceMinor, currency);
  const premium = getPlanCapabilities(profile?.subscriptionStatus ?? "inactive").premium;

  const subscribe = () => {
    if (!profile) {
      toast.error("Authentication Required", { description: "Please log in to subscribe to Premium." });
      void navigate("/");
      return;
    }
    createSubscription.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.status === "active") {
          toast.success("Already Subscribed", {
            description: "You already have an active premium subscription!",
          });
          void navigate("/dashboard");
          return;
        }
        if (!answer.clientSecret) {
          toast.error("Subscription Error", { description: "Failed to create subscription" });
          return;
        }
        setClientSecret(answer.clientSecret);
      },
      onError: (error) =>
        toast.error("Subscription Error", {
          description: errorMessage(error, "Failed to create subscription"),
        }),
    });
  };

  /** Spec 1 §8: the success toast, then /dashboard after 2 s — by then (or up to 10 s) Premium has arrived. */
  const paymentSucceeded = () => {
    setRedirecting(true);
    toast.success("Payment Successful", { description: "Welcome to Premium! Redirecting to dashboard..." });
    const started = Date.now();
    const goWhenPremium = async () => {
      const latest = await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).catch(() => null);
      if (left.current) return;
      const waited = Date.now() - started;
      if (latest?.subscriptionStatus === "active" || waited >= PREMIUM_WAIT_MS) {
        redirectTimer.current = window.setTimeout(
          () => void navigate("/dashboard"),
          Math.max(0, TIMING.paymentSuccessRedirectMs - waited),
        );
      } else {
        redirectTimer.current = window.setTimeout(() => void goWhenPremium(), PREMIUM_POLL_MS);
      }
    };
    void goWhenPremium();
  };
  const paymentDeclined = (message: string) => toast.error("Payment Failed", { description: message });
  const paymentError = () =>
    toast.error("Payment Error", { description: "Something went wrong. Please try again." });

  const payWithTestCard = (body: TestConfirmRequest) =>
    confirmPayment.mutate(body, {
      onSuccess: paymentSucceeded,
      onError: (error) => {
        if (errorCodeOf(error) === "payment_failed") {
          paymentDeclined(errorMessage(error, "Your card was declined."));
        } else {
          paymentError();
        }
      },
    });

  const busy = createSubscription.isPending || confirmPayment.isPending || redirecting;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="Premium" />
      <header className="grid justify-items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-premium-100 text-premium-800">
          <Crown className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Upgrade to Premium</h1>
        <p className="max-w-xl text-slate-600">
          Unlock everything Tagit offers: control who sees your posts, search all users and make your profile
          your own.
        </p>
      </header>

      {clientSecret ? (
        <Card role="region" aria-labelledby="payment-step-title" className="mx-auto w-full max-w-lg">
          <CardHeader>
            <CardTitle id="payment-step-title">Complete Your Payment</CardTitle>
            <CardDescription>
              Premium — {price} per month. Cancel at the end of any billing period.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {config.isPending ? (
              <PageSpinner label="Loading payment form..." className="py-10" />
            ) : config.isError ? (
              <PaymentFormError onRetry={() => void config.refetch()} onBack={() => setClientSecret(null)} />
            ) : config.data.provider === "test" ? (
              <TestCardForm
                clientSecret={clientSecret}
                priceLabel={price}
                pending={busy}
                onSubmit={payWithTestCard}
                onBack={() => setClientSecret(null)}
              />
            ) : (
              <StripePaymentForm
                publishableKey={config.data.publishableKey}
                returnUrl={config.data.returnUrl}
                clientSecret={clientSecret}
                priceLabel={price}
                pending={busy}
                onPaid={paymentSucceeded}
                onDeclined={paymentDeclined}
                onError={paymentError}
                onBack={() => setClientSecret(null)}
              />
            )}
          </CardContent>
        </Card>
      ) : (
        <div
          className={
            freeOption.data?.freeOptionEnabled
              ? "grid items-start gap-6 md:grid-cols-2"
              : "mx-auto grid w-full max-w-lg gap-6"
          }
        >
          <Card
            role="region"
            aria-labelledby="premium-plan-title"
            className="relative overflow-hidden border-premium-400/70 shadow-md"
          >
            <div className="h-1.5 bg-linear-to-r from-premium-400 to-brand-500" aria-hidden="true" />
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle id="premium-plan-title" className="flex items-center gap-2">
                  <Crown className="size-5 text-premium-800" aria-hidden="true" />
                  Premium
                </CardTitle>
                {premium ? (
                  <Badge variant="premium">
                    <Check aria-hidden="true" />
                    Premium Active
                  </Badge>
                ) : null}
              </div>
              <p className="mt-2 flex items-baseline gap-2">
                <span className="text-4xl font-bold tracking-tight text-slate-900">{price}</span>
                <span className="text-slate-600">per month</span>
              </p>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2.5" aria-label="Premium features">
                {PREMIUM_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-center gap-2.5 text-slate-700">
                    <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                      <Check className="size-3.5" aria-hidden="true" />
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter className="flex-col items-stretch">
              {premium ? (
                <CancelSection
                  endsAt={
                    profile?.subscriptionCancelAtPeriodEnd ? profile.subscriptionCurrentPeriodEnd : undefined
                  }
                />
              ) : (
                <Button size="lg" onClick={subscribe} disabled={busy || profileLoading}>
                  {createSubscription.isPending ? (
                    <Spinner className="text-white" />
                  ) : (
                    <Sparkles aria-hidden="true" />
                  )}
                  {createSubscription.isPending ? "Preparing..." : "Subscribe Now"}
                </Button>
              )}
            </CardFooter>
          </Card>

          {freeOption.data?.freeOptionEnabled ? (
            <Card role="region" aria-labelledby="free-access-title" className="border-emerald-200">
              <CardHeader>
                <CardTitle id="free-access-title" className="flex items-center gap-2">
                  <Gift className="size-5 text-emerald-700" aria-hidden="true" />
                  Free Access Available
                </CardTitle>
                <CardDescription>
                  Free access is switched on right now, so you can use Tagit without a subscription.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                <Button asChild variant="secondary" size="lg">
                  <Link to="/dashboard">Continue to Dashboard</Link>
                </Button>
                <p className="text-sm text-slate-600">
                  You can still upgrade to Premium at any time to keep every feature when free access ends.
                </p>
              </CardContent>
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** Active members: cancel at period end, with a confirmation; once cancelled (now or before), when Premium ends. */
function CancelSection({ endsAt }: { endsAt: string | null | undefined }) {
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
