import type { SubscriptionStatus } from "#contract/plans.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SubscriptionBillingEvent } from "./billing-event.ts";

/**
 * What Tagit needs from a card provider (decisions 012, 032 and 059). A second provider implements this, reports
 * everything that happens to a member's money as `BillingEvent`s to the one handler
 * (`billing-events.service.ts`), and adds its own way for the browser to confirm, with routes registered only
 * while it is the active provider (Stripe: Stripe.js and its webhook; the test provider: the TEST MODE form's
 * confirmation routes and its renewals). This file names no implementation: the wiring
 * (`server/modules/billing-services.ts`) picks one and checks that it implements the interface.
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
  /** The provider's name on the events and invoices it reports. */
  readonly kind: BrowserConfirmation["provider"];
  /** How the browser confirms payments with this provider (`GET /api/payments/config`, less the price). */
  readonly browserConfirmation: BrowserConfirmation;
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

/** Stripe's browser confirmation needs its publishable key; the test provider's form needs nothing. */
export type BrowserConfirmation =
  | { provider: "test" }
  | {
      provider: "stripe";
      publishableKey: string;
      /** Where Stripe sends the browser back after a redirecting payment method. */
      returnUrl: string;
    };

/** The member's subscription as a provider call names it, with what Tagit last knew of it. */
export type SubscriptionRef = {
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  periodEnd: Date | null;
  now: Date;
};

/** The member's subscription at `provider`, or a 409 `conflict` with `message` when they have none there. */
export function subscriptionRefOf(
  user: ProfileRow,
  provider: Pick<CardPaymentProvider, "ownsCustomer">,
  now: Date,
  message: string,
): SubscriptionRef {
  const { stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId } = user;
  if (!customerId || !subscriptionId || !provider.ownsCustomer(customerId)) {
    throw new AppError("conflict", message);
  }
  return {
    customerId,
    subscriptionId,
    status: user.subscriptionStatus,
    periodEnd: user.subscriptionCurrentPeriodEnd,
    now,
  };
}
