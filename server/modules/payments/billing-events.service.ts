import type { Transact } from "#server/db/transaction.ts";
import type { AffiliateService } from "#server/modules/affiliate/affiliate.service.ts";
import type { BillingEvent } from "./billing-event.ts";
import { createPaymentsRepository } from "./payments.repository.ts";

type Deps = {
  transact: Transact;
  affiliate: Pick<AffiliateService, "onInvoicePaid" | "onChargeRefunded">;
};

/**
 * The one handler for provider events. Each event id is applied once (the payment_events primary key, in
 * the same transaction as its effects); subscription changes strictly older than the last applied one are
 * ignored (events in the same second still apply, in arrival order), so events may arrive in any order.
 * Referral and commission effects belong to the affiliate module, called inside the same transaction.
 */
export function createBillingEventsService({ transact, affiliate }: Deps) {
  return {
    async apply(provider: string, event: BillingEvent): Promise<"applied" | "duplicate"> {
      return transact(async (tx) => {
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
        if (!recorded) return "duplicate";
        const member = await payments.findMemberByCustomer(event.customerId);
        if (!member) return "applied";
        if (event.type === "invoice.paid") {
          await payments.markPaid(member.id, event);
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
        } else if (event.type === "charge.refunded") {
          await affiliate.onChargeRefunded(event.invoiceId, tx);
        } else {
          await payments.applySubscriptionChange(member.id, event);
        }
        return "applied";
      });
    },
  };
}

export type BillingEventsService = ReturnType<typeof createBillingEventsService>;
