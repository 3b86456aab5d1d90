import type { SubscriptionStatus } from "#contract/plans.ts";
import type { SubscriptionBillingEvent } from "./billing-event.ts";
import type { StripeProvider } from "./stripe-provider.ts";
import type { TestProvider } from "./test-provider.ts";

/**
 * What Tagit needs from a card provider (decisions 012 and 032). A second provider implements this, reports
 * everything that happens to a member's money as `BillingEvent`s to the one handler
 * (`billing-events.service.ts`), and adds its own way for the browser to confirm (Stripe: Stripe.js and
 * webhooks; the test provider: the TEST MODE form's confirmation routes).
 *
 * Rules every provider keeps:
 * - Card details never reach Tagit's server except the test provider's published test numbers.
 * - Premium is granted only from a paid invoice reported as an `invoice.paid` event, never from the browser.
 * - A failed renewal is an `invoice.payment_failed` event plus a subscription update to `past_due`; the
 *   provider retries the invoice, and a card change retries it at once.
 * - Calls that change a subscription answer the provider's new state as an event, applied at once so the
 *   member sees it; the provider's own later notice of the same change then changes nothing.
 * - Outages become `AppError("unavailable")` (503); a concurrent duplicate `AppError("conflict")`.
 */
export interface CardPaymentProvider {
  /** Which browser confirmation the web app uses (`GET /api/payments/config`). */
  readonly kind: "stripe" | "test";
  /** Whether a customer id stored on a profile was made by this provider (ids of another are not reused). */
  ownsCustomer(customerId: string): boolean;
  /** Once per member; answers the provider's customer id. */
  createCustomer(member: { id: string; email: string; name: string }): Promise<string>;
  /** Receipts go to the member's current e-mail and name. */
  updateCustomer(customerId: string, member: { email: string; name: string }): Promise<void>;
  /** An incomplete subscription whose first invoice the browser pays with `clientSecret`. */
  createSubscription(input: {
    customerId: string;
    memberId: string;
  }): Promise<{ subscriptionId: string; clientSecret: string | null; status: string }>;
  /** Ends a subscription now (account deletion, or replacing an unpaid one); unknown ones are ignored. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Stops renewal; Premium stays until the period ends. */
  cancelAtPeriodEnd(input: SubscriptionRef): Promise<SubscriptionBillingEvent>;
  /** Undoes cancelAtPeriodEnd before the period ends: nothing is charged until the normal renewal. */
  resume(input: SubscriptionRef): Promise<SubscriptionBillingEvent>;
  /**
   * The subscription as the provider holds it now, as the event that brings Tagit's record in line (for
   * subscriptions whose period ended without word); undefined when the provider keeps no record beyond
   * Tagit's own (the test provider).
   */
  currentState(input: SubscriptionRef): Promise<SubscriptionBillingEvent | undefined>;
  /**
   * Starts a card change: the client secret the browser confirms the new card with (Stripe: a SetupIntent).
   * Once confirmed, the provider makes the card the default for the subscription, retries an open invoice
   * at once and reports `payment_method.updated` (and `invoice.paid` when the retry pays).
   */
  createCardSetup(input: {
    customerId: string;
    memberId: string;
    subscriptionId: string;
  }): Promise<{ clientSecret: string }>;
}

/** The member's subscription as a provider call names it, with what Tagit last knew of it. */
export type SubscriptionRef = {
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  periodEnd: Date | null;
  now: Date;
};

/**
 * The card provider chosen by configuration: Stripe when its four variables are set, otherwise the offline
 * test provider. Both implement `CardPaymentProvider`; `kind` tells their own extras apart.
 */
export type PaymentProvider = Implements<StripeProvider> | Implements<TestProvider>;

/** A provider that does not implement the interface fails to type-check here. */
type Implements<T extends CardPaymentProvider> = T;
