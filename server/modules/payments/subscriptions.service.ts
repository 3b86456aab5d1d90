import { type Invoice, PAYMENT_MESSAGES, type PaymentsConfig, type Receipt } from "#contract/api/payments.ts";
import type { Profile } from "#contract/api/profile.ts";
import { MESSAGES } from "#contract/errors.ts";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { type SubscriptionRecord, subscriptionStatusAt } from "#contract/plans.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { SubscriptionBillingEvent } from "./billing-event.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import { canChangeCard, resumeRefusal } from "./billing-rules.ts";
import type { PaymentProvider, SubscriptionRef } from "./payment-provider.ts";
import type { InvoiceRow, PaymentsRepository } from "./payments.repository.ts";
import type { TestCard } from "./test-provider.ts";

type Deps = {
  provider: PaymentProvider;
  billingEvents: BillingEventsService;
  paymentsRepo: PaymentsRepository;
  clock: Clock;
  /** Where the test provider's printable receipts live (PUBLIC_URL). */
  publicUrl: string;
  toProfile: (row: ProfileRow) => Profile;
};

/** More invoices than one member can have (one per billing period): "all of them" for the data export. */
const ALL_INVOICES = 100_000;

const billingName = (user: ProfileRow) => `${user.firstName} ${user.lastName}`.trim();

/** A subscription whose Premium ran out by its own dates while its provider said nothing: it is over. */
function endedOnRecord(record: SubscriptionRecord, ref: SubscriptionRef): SubscriptionBillingEvent {
  return {
    id: `ended_${ref.subscriptionId}_${ref.periodEnd?.getTime() ?? 0}`,
    type: "customer.subscription.deleted",
    created: ref.now,
    customerId: ref.customerId,
    subscriptionId: ref.subscriptionId,
    status: "canceled",
    cancelAtPeriodEnd: record.subscriptionCancelAtPeriodEnd,
    periodEnd: ref.periodEnd,
  };
}

export function createSubscriptionsService(deps: Deps) {
  const { provider, billingEvents, paymentsRepo, clock } = deps;
  /** The member's subscription as it stands now, whatever the provider last reported. */
  const statusNow = (user: ProfileRow) => subscriptionStatusAt(user, clock.now());

  /** Stripe's hosted invoice, or the test provider's printable receipt page. */
  const toInvoice = (row: InvoiceRow): Invoice => ({
    id: row.id,
    createdAt: row.issuedAt.toISOString(),
    amount: row.amountMinor,
    currency: row.currency,
    status: row.status,
    url: row.url ?? `${deps.publicUrl}/payments/receipts/${encodeURIComponent(row.id)}`,
  });

  /** The member's subscription at the provider, or a 409 with `message` when there is none of theirs. */
  const subscriptionOf = (user: ProfileRow, message: string) => {
    const { stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId } = user;
    if (!customerId || !subscriptionId || !provider.ownsCustomer(customerId)) {
      throw new AppError("conflict", message);
    }
    return {
      customerId,
      subscriptionId,
      status: user.subscriptionStatus,
      periodEnd: user.subscriptionCurrentPeriodEnd,
      now: clock.now(),
    };
  };

  /**
   * The test provider's card change: the setup's card is saved, and a past-due subscription's open invoice is
   * charged to the saved card at once (a declined charge answers 402 with the card still saved, as with
   * Stripe). A setup saves its card once: confirmed again, the card sent is ignored and the answer is the same.
   */
  async function saveTestCard(user: ProfileRow, card: TestCard, setupId: string) {
    if (provider.kind !== "test") throw new AppError("not_found", PAYMENT_MESSAGES.testProviderOnly);
    const ref = subscriptionOf(user, PAYMENT_MESSAGES.noSubscriptionForCard);
    if (!(await paymentsRepo.eventRecorded(provider.cardSavedEventId(setupId)))) {
      const saved = provider.saveCard({ ...card, setupId, customerId: ref.customerId, now: ref.now });
      await billingEvents.apply(provider.kind, saved);
    }
    // As saved now: another confirmation may have saved the card or paid the invoice meanwhile.
    const member = (await paymentsRepo.findProfile(user.id)) ?? user;
    if (member.subscriptionStatus !== "past_due" || !member.cardBrand || !member.cardLast4) {
      return { status: member.subscriptionStatus };
    }
    const invoice = await paymentsRepo.openInvoiceOf(user.id, ref.subscriptionId);
    if (invoice) {
      const paid = provider.payInvoice({
        customerId: ref.customerId,
        invoice,
        card: { brand: member.cardBrand, last4: member.cardLast4 },
        now: ref.now,
      });
      await billingEvents.apply(provider.kind, paid);
    }
    // Read again: a confirmation running beside this one may have paid the invoice after the read above, and
    // its payment commits the invoice and the status together.
    const settled = await paymentsRepo.findProfile(user.id);
    return { status: settled?.subscriptionStatus ?? member.subscriptionStatus };
  }

  return {
    config(): PaymentsConfig {
      const price = { priceMinor: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
      return provider.kind === "stripe"
        ? {
            provider: "stripe",
            publishableKey: provider.publishableKey,
            returnUrl: provider.returnUrl,
            ...price,
          }
        : { provider: "test", ...price };
    },

    /**
     * Creates the member's customer once (kept even if the subscription then fails), replaces any earlier
     * unpaid subscription with a new incomplete one and answers its client secret.
     */
    async create(user: ProfileRow) {
      if (statusNow(user) === "active") return { clientSecret: null, status: "active" };
      let customerId = user.stripeCustomerId;
      if (!customerId || !provider.ownsCustomer(customerId)) {
        customerId = await provider.createCustomer({
          id: user.id,
          email: user.email,
          name: billingName(user),
        });
        await paymentsRepo.setCustomer(user.id, customerId);
      }
      // One subscription per member: an earlier unpaid (incomplete or past-due) one is ended first, so it can
      // neither be paid as well nor keep retrying the old card.
      if (user.stripeSubscriptionId && customerId === user.stripeCustomerId) {
        await provider.cancelNow(user.stripeSubscriptionId);
      }
      const subscription = await provider.createSubscription({ customerId, memberId: user.id });
      await paymentsRepo.setSubscription(user.id, subscription.subscriptionId);
      return { clientSecret: subscription.clientSecret, status: subscription.status };
    },

    /**
     * The test provider's card confirmation; Premium comes from the resulting invoice.paid event. A client
     * secret pays once: confirmed again, it charges nothing and answers as it did the first time.
     */
    async confirmTestPayment(
      user: ProfileRow,
      input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
    ) {
      if (provider.kind !== "test") throw new AppError("not_found", PAYMENT_MESSAGES.testProviderOnly);
      const subscriptionId = provider.subscriptionOf(input.clientSecret);
      if (!subscriptionId || subscriptionId !== user.stripeSubscriptionId || !user.stripeCustomerId) {
        throw new AppError("validation", PAYMENT_MESSAGES.unknownSecret);
      }
      if (await paymentsRepo.eventRecorded(provider.firstPaymentEventId(subscriptionId))) {
        return { status: "active" as const };
      }
      const event = provider.charge({
        ...input,
        customerId: user.stripeCustomerId,
        subscriptionId,
        now: clock.now(),
      });
      await billingEvents.apply(provider.kind, event);
      return { status: "active" as const };
    },

    /** The hourly job: cancelled test subscriptions end when their paid period does. */
    async endCancelled() {
      return { ended: await paymentsRepo.endCancelledTestSubscriptions(clock.now()) };
    },

    /** After a member changes their e-mail or name: the provider's customer follows. */
    syncCustomer: async (user: ProfileRow) => {
      if (!user.stripeCustomerId || !provider.ownsCustomer(user.stripeCustomerId)) return;
      await provider.updateCustomer(user.stripeCustomerId, { email: user.email, name: billingName(user) });
    },

    /** Account deletion: the member's subscription ends now at the provider, so nobody is billed afterwards. */
    endForDeletedMember: async (user: ProfileRow) => {
      if (
        !user.stripeSubscriptionId ||
        !user.stripeCustomerId ||
        !provider.ownsCustomer(user.stripeCustomerId)
      ) {
        return;
      }
      await provider.cancelNow(user.stripeSubscriptionId);
    },

    /** Premium stays until the end of the paid period. */
    async cancel(user: ProfileRow) {
      if (!canChangeCard(statusNow(user))) {
        throw new AppError("conflict", PAYMENT_MESSAGES.notSubscribed);
      }
      const event = await provider.cancelAtPeriodEnd(subscriptionOf(user, PAYMENT_MESSAGES.notSubscribed));
      await billingEvents.apply(provider.kind, event);
      return {
        status: event.status,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        currentPeriodEnd: event.periodEnd?.toISOString() ?? null,
      };
    },

    /** Undoes a cancellation before the period ends: renewal as before, nothing charged now. */
    async resume(user: ProfileRow): Promise<Profile> {
      const refusal = resumeRefusal({ ...user, subscriptionStatus: statusNow(user) }, clock.now());
      if (refusal) throw new AppError("conflict", refusal);
      const event = await provider.resume(subscriptionOf(user, PAYMENT_MESSAGES.notCancelled));
      await billingEvents.apply(provider.kind, event);
      const row = await paymentsRepo.findProfile(user.id);
      if (!row) throw new AppError("not_found", MESSAGES.notFound);
      return deps.toProfile(row);
    },

    /** Starts a card change for a paid or past-due subscription: the setup secret the browser confirms. */
    async startCardChange(user: ProfileRow) {
      if (!canChangeCard(statusNow(user))) {
        throw new AppError("conflict", PAYMENT_MESSAGES.noSubscriptionForCard);
      }
      const { customerId, subscriptionId } = subscriptionOf(user, PAYMENT_MESSAGES.noSubscriptionForCard);
      return provider.createCardSetup({ customerId, subscriptionId, memberId: user.id });
    },

    /** The test provider's card change: the setup secret must be this member's. */
    async confirmTestCardSetup(user: ProfileRow, input: TestCard & { clientSecret: string }) {
      if (provider.kind !== "test") throw new AppError("not_found", PAYMENT_MESSAGES.testProviderOnly);
      const setupId = provider.setupOf(input.clientSecret, user.id);
      if (!setupId || !canChangeCard(statusNow(user))) {
        throw new AppError("validation", PAYMENT_MESSAGES.unknownSecret);
      }
      return saveTestCard(user, input, setupId);
    },

    /** The member's own invoices, newest first. */
    async invoices(user: ProfileRow): Promise<Invoice[]> {
      return (await paymentsRepo.listInvoices(user.id)).map(toInvoice);
    },

    /**
     * Every invoice of the member's, each as `invoices` lists it (which stops at the 100 newest), newest first:
     * what their data export carries.
     */
    async allInvoices(user: ProfileRow): Promise<Invoice[]> {
      return (await paymentsRepo.listInvoices(user.id, ALL_INVOICES)).map(toInvoice);
    },

    /** Premium revenue paid in [from, to), per currency, from the recorded billing events (the admin figures). */
    revenueBetween: (from: Date, to: Date) => paymentsRepo.revenueBetween(from, to),

    /** One of the member's invoices as a receipt prints it; anyone else's is not found. */
    async receipt(user: ProfileRow, invoiceId: string): Promise<Receipt> {
      const row = await paymentsRepo.findInvoice(user.id, invoiceId);
      if (!row) throw new AppError("not_found", PAYMENT_MESSAGES.invoiceNotFound);
      return {
        ...toInvoice(row),
        paidAt: row.paidAt?.toISOString() ?? null,
        periodStart: row.periodStart?.toISOString() ?? null,
        periodEnd: row.periodEnd?.toISOString() ?? null,
        card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        billedTo: { name: billingName(user), email: user.email },
      };
    },

    /** The hourly job: test subscriptions whose paid period is over renew, charging the saved card. */
    async renewTestSubscriptions() {
      if (provider.kind !== "test") return { renewed: 0 };
      const now = clock.now();
      const due = await paymentsRepo.dueTestRenewals(now);
      for (const member of due) {
        if (!member.customerId || !member.subscriptionId || !member.periodEnd) continue;
        const events = provider.renew({
          customerId: member.customerId,
          subscriptionId: member.subscriptionId,
          periodEnd: member.periodEnd,
          card:
            member.cardBrand && member.cardLast4
              ? { brand: member.cardBrand, last4: member.cardLast4 }
              : null,
          now,
        });
        for (const event of events) await billingEvents.apply(provider.kind, event);
      }
      return { renewed: due.length };
    },

    /**
     * The hourly job: subscriptions still running on record though their paid period (or a failed renewal's
     * lapse date) has passed — a renewal or an ending whose notice never came. The provider's own state is
     * applied through the one event handler; a subscription the provider keeps no record of (the test
     * provider's, or one made before Stripe was configured) ends once its Premium has run out by its dates.
     */
    async reconcilePastPeriodEnd() {
      const now = clock.now();
      const due = await paymentsRepo.runningPastPeriodEnd(now);
      let applied = 0;
      for (const member of due) {
        const { stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId } = member;
        if (!customerId || !subscriptionId) continue;
        const ref = {
          customerId,
          subscriptionId,
          status: member.subscriptionStatus,
          periodEnd: member.subscriptionCurrentPeriodEnd,
          now,
        };
        const state = provider.ownsCustomer(customerId) ? await provider.currentState(ref) : undefined;
        const ranOut = subscriptionStatusAt(member, now) === "canceled";
        const event = state ?? (ranOut ? endedOnRecord(member, ref) : undefined);
        if (event && (await billingEvents.apply(provider.kind, event)) === "applied") applied += 1;
      }
      return { checked: due.length, applied };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
