// Overridable so two runs (e.g. two developers' sessions on one machine) do not collide.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";

/** A second app with Stripe configured, talking to the Stripe stand-in (support/stripe-stand-in-server.ts). */
export const E2E_STRIPE_PORT = E2E_PORT + 1;
export const E2E_STRIPE_STAND_IN_PORT = E2E_PORT + 2;
export const E2E_STRIPE_DATA_DIR = `${E2E_DATA_DIR}-stripe`;
export const E2E_STRIPE = {
  secretKey: "sk_test_e2e_stand_in",
  publishableKey: "pk_test_e2e_stand_in",
  webhookSecret: "whsec_e2e_stand_in",
  priceId: "price_e2e_premium",
} as const;
