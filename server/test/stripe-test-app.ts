import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { profiles } from "#server/db/schema/index.ts";
import { asMember } from "./factories.ts";
import { type StripeStandIn, signedDelivery, startStripeStandIn } from "./stripe-stand-in.ts";
import { createTestApp, manualClock, type TestApp } from "./test-app.ts";

/** The Stripe configuration the API tests run the real SDK with, against the local stand-in. */
export const STRIPE_TEST = {
  secretKey: "sk_test_tagit_stand_in",
  publishableKey: "pk_test_tagit",
  webhookSecret: "whsec_tagit_stand_in_secret",
  priceId: "price_premium_monthly",
} as const;

export type StripeTestApp = TestApp & { clock: ReturnType<typeof manualClock> };
type Member = { cookie: string; user: { id: string } };

export const startTestStandIn = () =>
  startStripeStandIn({ secretKey: STRIPE_TEST.secretKey, priceId: STRIPE_TEST.priceId, amountMinor: 1200 });

/** An app with Stripe configured, its SDK pointed at `apiUrl` (the stand-in), on a clock tests move. */
export async function stripeApp(standIn: StripeStandIn, apiUrl = standIn.url): Promise<StripeTestApp> {
  const clock = manualClock();
  standIn.setNow(clock.now());
  const t = await createTestApp({ clock, config: { stripe: { ...STRIPE_TEST, apiUrl } } });
  return { ...t, clock };
}

export const post = (t: TestApp, member: Member, url: string) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie) });

export const profileOf = async (t: TestApp, member: Member) => {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, member.user.id));
  if (!row) throw new Error("no profile");
  return row;
};

/** Delivers an event the way Stripe does: raw JSON, signed now (or at `signedAt`). */
export function deliver(t: StripeTestApp, event: unknown, signedAt = t.clock.now()) {
  const { payload, signature } = signedDelivery(event, STRIPE_TEST.webhookSecret, signedAt);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload,
  });
}

/** Subscribe Now: answers the new subscription's id. */
export async function subscribe(t: TestApp, member: Member) {
  const res = await post(t, member, "/api/create-subscription");
  expect(res.statusCode).toBe(200);
  return (await profileOf(t, member)).stripeSubscriptionId as string;
}
