import { Crown } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { formatPlanPrice } from "#web/lib/money.ts";
import { useProfile } from "#web/lib/use-profile.ts";
import { BILLING_TOASTS } from "./billing-messages.ts";
import { InvoicesCard } from "./invoices-card.tsx";
import { FreeAccessCard, PremiumPlanCard } from "./plan-cards.tsx";
import { useDashboardOncePremium } from "./use-await-premium.ts";
import {
  type TestConfirmRequest,
  useConfirmTestPayment,
  useCreateSubscription,
  useFreeOption,
  usePaymentsConfig,
} from "./use-payments.ts";

// The card forms (Stripe's Elements or the test form) in their own chunk: most visits never reach them. The
// payment step's code is fetched as Subscribe is pressed, alongside the subscription request (decision 036).
const loadPaymentStep = () => import("./payment-step.tsx");
const PaymentStep = lazy(() => loadPaymentStep().then((module) => ({ default: module.PaymentStep })));
const CardChangeStep = lazy(() =>
  import("./card-change-step.tsx").then((module) => ({ default: module.CardChangeStep })),
);

/** Members who have paid at least once (now Premium, past due or ended) have receipts to show. */
const hasBillingHistory = (status: string) =>
  status === "active" || status === "past_due" || status === "canceled";

/** /payments (everyone): the Premium plan, the free option and the payment step. */
export function PaymentsPage() {
  const navigate = useNavigate();
  const { profile, isLoading: profileLoading } = useProfile();
  const config = usePaymentsConfig();
  const freeOption = useFreeOption();
  const createSubscription = useCreateSubscription();
  const confirmPayment = useConfirmTestPayment();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [paidAt, setPaidAt] = useState<number | null>(null);
  useDashboardOncePremium(paidAt);
  // The past-due banner's Update card opens /payments?card=update straight on the card change.
  const [searchParams, setSearchParams] = useSearchParams();
  const changingCard = searchParams.get("card") === "update";
  const setChangingCard = useCallback(
    (open: boolean) => setSearchParams(open ? { card: "update" } : {}, { replace: true }),
    [setSearchParams],
  );
  const closeCardChange = useCallback(() => setChangingCard(false), [setChangingCard]);

  const price = formatPlanPrice(
    config.data?.priceMinor ?? PREMIUM_PRICE_MINOR,
    config.data?.currency ?? PREMIUM_CURRENCY,
  );

  const subscribe = () => {
    if (!profile) {
      toast.error("Authentication Required", { description: "Please log in to subscribe to Premium." });
      void navigate("/");
      return;
    }
    void loadPaymentStep();
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

  const paymentSucceeded = () => {
    setPaidAt(Date.now());
    toast.success("Payment Successful", { description: "Welcome to Premium! Redirecting to dashboard..." });
  };
  const paymentDeclined = (message: string) => toast.error("Payment Failed", { description: message });
  const paymentError = (error?: unknown) =>
    toast.error(BILLING_TOASTS.paymentError.title, {
      description: errorMessage(error, BILLING_TOASTS.paymentError.description),
    });

  const payWithTestCard = (body: TestConfirmRequest) =>
    confirmPayment.mutate(body, {
      onSuccess: paymentSucceeded,
      onError: (error) => {
        if (errorCodeOf(error) === "payment_failed") {
          paymentDeclined(errorMessage(error, "Your card was declined."));
        } else {
          paymentError(error);
        }
      },
    });

  const subscribed = getPlanCapabilities(profile?.subscriptionStatus ?? "inactive").premium;
  const busy = createSubscription.isPending || confirmPayment.isPending || paidAt !== null;
  const freeAccess = freeOption.data?.freeOptionEnabled === true;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="Premium" />
      <header className="grid justify-items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-premium-100 text-premium-800">
          <Crown className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {subscribed ? "Your Premium" : "Upgrade to Premium"}
        </h1>
        <p className="max-w-xl text-slate-600">
          {subscribed
            ? "Your plan, the card it is charged to and your receipts, in one place."
            : "Unlock everything Tagit offers: control who sees your posts, search all users and make your profile your own."}
        </p>
      </header>

      {changingCard && profile && subscribed ? (
        <Suspense fallback={<PageSpinner label="Loading the card form..." />}>
          <CardChangeStep profile={profile} priceLabel={price} onDone={closeCardChange} />
        </Suspense>
      ) : clientSecret ? (
        <Suspense fallback={<PageSpinner label="Loading the payment form..." />}>
          <PaymentStep
            clientSecret={clientSecret}
            priceLabel={price}
            pending={busy}
            onPayWithTestCard={payWithTestCard}
            onPaid={paymentSucceeded}
            onDeclined={paymentDeclined}
            onError={paymentError}
            onBack={() => setClientSecret(null)}
          />
        </Suspense>
      ) : (
        <div
          className={
            freeAccess ? "grid items-start gap-6 md:grid-cols-2" : "mx-auto grid w-full max-w-lg gap-6"
          }
        >
          <PremiumPlanCard
            profile={profile}
            priceLabel={price}
            busy={busy || profileLoading}
            preparing={createSubscription.isPending}
            onSubscribe={subscribe}
            onChangeCard={() => setChangingCard(true)}
          />
          {freeAccess ? <FreeAccessCard /> : null}
        </div>
      )}
      {profile && hasBillingHistory(profile.subscriptionStatus) && !changingCard && !clientSecret ? (
        <InvoicesCard />
      ) : null}
    </div>
  );
}
