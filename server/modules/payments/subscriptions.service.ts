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
import { type CardPaymentProvider, type SubscriptionRef, subscriptionRefOf } from "./payment-provider.ts";
import type { InvoiceRow, PaymentsRepository } from "./payments.repository.ts";

type Deps = {
  provider: CardPaymentProvider;
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
  const subscriptionOf = (user: ProfileRow, message: string) =>
    subscriptionRefOf(user, provider, clock.now(), message);

  return {
    config(): PaymentsConfig {
      return { ...provider.browserConfirmation, priceMinor: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
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
