import type { Transact } from "#server/db/transaction.ts";
import type { AffiliateService } from "#server/modules/affiliate/affiliate.service.ts";
import type { BillingEvent } from "./billing-event.ts";
import { lapseDateOf } from "./billing-rules.ts";
import { createPaymentsRepository } from "./payments.repository.ts";

/** Told once per past-due spell, after the transaction that started it has committed. */
export type PastDueNotice = {
  email: string;
  firstName: string;
  lapsesAt: Date;
  amountMinor: number;
  currency: string;
};

type Deps = {
  transact: Transact;
  affiliate: Pick<AffiliateService, "onInvoicePaid" | "onChargeRefunded">;
  /** The member's renewal failed: they are told (by e-mail) when Premium lapses and how to fix it. */
  pastDue: (notice: PastDueNotice) => void;
};

/**
 * The one handler for provider events. Each event id is applied once (the payment_events primary key, in
 * the same transaction as its effects); subscription changes strictly older than the last applied one are
 * ignored (events in the same second still apply, in arrival order), so events may arrive in any order.
 * Referral and commission effects belong to the affiliate module, called inside the same transaction.
 */
export function createBillingEventsService({ transact, affiliate, pastDue }: Deps) {
  return {
    async apply(provider: string, event: BillingEvent): Promise<"applied" | "duplicate"> {
      let notice: PastDueNotice | undefined;
      const outcome = await transact(async (tx) => {
        const payments = createPaymentsRepository(tx);
        const recorded = await payments.recordEvent({
          id: event.id,
          provider,
          type: event.type,
          occurredAt: event.created,
          ...("invoiceId" in event ? { invoiceId: event.invoiceId } : {}),
          ...(event.type === "invoice.paid"
            ? { amountMinor: event.amountPaidMinor, currency: event.currency.toUpperCase() }
            : {}),
        });
        if (!recorded) return "duplicate" as const;
        const member = await payments.findMemberByCustomer(event.customerId);
        if (!member) return "applied" as const;
        switch (event.type) {
          case "invoice.paid":
            await payments.markPaid(member.id, event);
            await payments.savePaidInvoice(member.id, provider, event);
            await affiliate.onInvoicePaid(
              {
                memberId: member.id,
                invoiceId: event.invoiceId,
                amountPaidMinor: event.amountPaidMinor,
                currency: event.currency,
                paidAt: event.created,
              },
              tx,
            );
            break;
          case "invoice.payment_failed": {
            await payments.saveOpenInvoice(member.id, provider, event);
            const lapsesAt = lapseDateOf(event.issuedAt);
            if (await payments.startPastDue(member.id, event.subscriptionId, lapsesAt)) {
              notice = {
                email: member.email,
                firstName: member.firstName,
                lapsesAt,
                amountMinor: event.amountDueMinor,
                currency: event.currency.toUpperCase(),
              };
            }
            break;
          }
          case "payment_method.updated":
            await payments.setCard(member.id, event.card);
            break;
          case "charge.refunded":
            await affiliate.onChargeRefunded(event.invoiceId, tx);
            break;
          default:
            await payments.applySubscriptionChange(member.id, event);
        }
        return "applied" as const;
      });
      if (notice) pastDue(notice);
      return outcome;
    },
  };
}

export type BillingEventsService = ReturnType<typeof createBillingEventsService>;
