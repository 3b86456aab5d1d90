import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import { PAST_DUE_GRACE_DAYS } from "#contract/limits.ts";
import type { SubscriptionStatus } from "#contract/plans.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When Premium lapses after the renewal issued at `issuedAt` failed: the grace the provider retries in. */
export function lapseDateOf(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/** The end of the period after one ending at `periodEnd`: a calendar month later (UTC). */
export function nextPeriodEnd(periodEnd: Date): Date {
  const next = new Date(periodEnd);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

type SubscriptionState = {
  subscriptionStatus: SubscriptionStatus;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionCurrentPeriodEnd: Date | null;
};

/** Why a subscription cannot be resumed now (a 409's message), or null when it can. */
export function resumeRefusal(state: SubscriptionState, now: Date): string | null {
  const running = state.subscriptionStatus === "active" || state.subscriptionStatus === "past_due";
  const ended = !state.subscriptionCurrentPeriodEnd || state.subscriptionCurrentPeriodEnd <= now;
  if (state.subscriptionStatus === "canceled" || (running && state.subscriptionCancelAtPeriodEnd && ended)) {
    return PAYMENT_MESSAGES.alreadyEnded;
  }
  if (!running || !state.subscriptionCancelAtPeriodEnd) return PAYMENT_MESSAGES.notCancelled;
  return null;
}

/** Only a subscription that is paid or being retried has a card worth changing. */
export function canChangeCard(status: SubscriptionStatus): boolean {
  return status === "active" || status === "past_due";
}
