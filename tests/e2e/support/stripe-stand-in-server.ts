import { startStripeStandIn } from "#server/test/stripe-stand-in.ts";
import { E2E_STRIPE, E2E_STRIPE_PORT, E2E_STRIPE_STAND_IN_PORT } from "./constants.ts";

/** The Stripe stand-in as its own process for the browser journeys (playwright.config.ts starts it). */
const standIn = await startStripeStandIn({
  secretKey: E2E_STRIPE.secretKey,
  priceId: E2E_STRIPE.priceId,
  amountMinor: 1200,
  port: E2E_STRIPE_STAND_IN_PORT,
  browser: {
    publishableKey: E2E_STRIPE.publishableKey,
    webhookUrl: `http://localhost:${E2E_STRIPE_PORT}/api/stripe/webhook`,
    webhookSecret: E2E_STRIPE.webhookSecret,
  },
});
console.log(`Stripe stand-in listening on ${standIn.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
