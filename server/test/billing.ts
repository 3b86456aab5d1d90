import { transactOn } from "#server/db/transaction.ts";
import { type Clock, systemClock } from "#server/lib/clock.ts";
import { createSecretBox } from "#server/lib/secret-box.ts";
import { createAffiliateRepository } from "#server/modules/affiliate/affiliate.repository.ts";
import { createAffiliateService } from "#server/modules/affiliate/affiliate.service.ts";
import { createPayoutsRepository } from "#server/modules/affiliate/payouts.repository.ts";
import type { InvoicePaidEvent } from "#server/modules/payments/billing-event.ts";
import {
  createBillingEventsService,
  type PastDueNotice,
} from "#server/modules/payments/billing-events.service.ts";
import { createSettingsRepository } from "#server/modules/settings/settings.repository.ts";
import { createSettingsService } from "#server/modules/settings/settings.service.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A test card's expiry, a few years after the real today: the test provider refuses an expired card by its own
 * clock, and a fixed year would pass one day.
 */
export const CARD_EXPIRY = { expMonth: 12, expYear: new Date().getUTCFullYear() + 5 } as const;

/** The affiliate service on the test's database, wired as services.ts wires it. */
export const affiliateFor = (t: TestApp, clock: Clock = systemClock) =>
  createAffiliateService({
    affiliateRepo: createAffiliateRepository(t.db),
    payoutsRepo: createPayoutsRepository(t.db),
    settings: createSettingsService({ settingsRepo: createSettingsRepository(t.db) }),
    secretBox: createSecretBox(t.config.appSecret, "payoutDetails"),
    publicUrl: t.config.publicUrl,
    clock,
    // Payout requests are not made through this one: their e-mails are the app's.
    accountChanged: () => {},
  });

/** The billing-event handler on the test's database, wired as services.ts wires it; past-due notices kept. */
export function billingFor(t: TestApp, clock: Clock = systemClock) {
  const notices: PastDueNotice[] = [];
  const service = createBillingEventsService({
    transact: transactOn(t.db),
    affiliate: affiliateFor(t, clock),
    pastDue: (notice) => notices.push(notice),
  });
  return Object.assign(service, { notices });
}

/** A paid invoice of a subscription as a provider reports it: GBP 12 for a month from `created`. */
export function invoicePaidEvent(
  fields: Pick<InvoicePaidEvent, "id" | "customerId" | "subscriptionId" | "invoiceId"> &
    Partial<InvoicePaidEvent>,
): InvoicePaidEvent {
  const created = fields.created ?? new Date();
  return {
    type: "invoice.paid",
    created,
    amountPaidMinor: 1200,
    currency: "gbp",
    issuedAt: created,
    periodStart: created,
    periodEnd: new Date(created.getTime() + 30 * 86_400_000),
    hostedUrl: null,
    card: null,
    ...fields,
  };
}
