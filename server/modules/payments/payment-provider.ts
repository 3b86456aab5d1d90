import type { StripeProvider } from "./stripe-provider.ts";
import type { TestProvider } from "./test-provider.ts";

/**
 * The card provider chosen by configuration: Stripe when its four variables are set, otherwise the offline
 * test provider. Both create customers and incomplete subscriptions and report payments as BillingEvents.
 */
export type PaymentProvider = StripeProvider | TestProvider;
