import { REPEATED_SEARCH_ALERT } from "#contract/limits.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { NoticesService } from "./notices.service.ts";
import type { RepeatedSearchAlertsRepository } from "./repeated-search-alerts.repository.ts";

const DAY_MS = 86_400_000;
const WINDOW_MS = REPEATED_SEARCH_ALERT.days * DAY_MS;

type Deps = {
  transact: Transact;
  alertsRepo: RepeatedSearchAlertsRepository;
  alertsRepoOn: (tx: Tx) => RepeatedSearchAlertsRepository;
  analytics: Pick<AnalyticsService, "namedVisitsSince">;
  notices: Pick<NoticesService, "add" | "announce" | "forgetAlertsAbout">;
  clock: Clock;
};

/**
 * The repeated-search alert: when one named visitor's searches and views of a member's posts reach 5 within 7
 * days, the member gets one notice naming them (so they can block them), and at most one per visitor per 7
 * days. Only named activity counts: it is what the member already sees in their list, with its exact time.
 * Anonymous activity is never linked to a visitor, and an alert set off by it would date it, so it never counts.
 */
export function createRepeatedSearchAlertsService(deps: Deps) {
  const { transact, alertsRepo, alertsRepoOn, analytics, notices, clock } = deps;

  /** Alerts one owner if this visitor's named activity has just reached the threshold and no alert holds it back. */
  async function check(ownerId: string, visitorId: string) {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    const { events } = REPEATED_SEARCH_ALERT;
    if ((await analytics.namedVisitsSince(ownerId, visitorId, windowStart, events)) < events) return;
    // Requests racing past the count all try to claim the alert; only the one whose claim succeeds tells the
    // owner, and the claim and the notice commit together.
    const notice = await transact(async (tx) => {
      if (!(await alertsRepoOn(tx).claim(ownerId, visitorId, now, windowStart))) return null;
      return notices.add({ userId: ownerId, kind: "repeated_search", visitorId }, tx);
    });
    if (notice) notices.announce(ownerId, notice);
  }

  return {
    /** After a named search or view was recorded for these owners: alerts each owner it now concerns. */
    async afterNamedVisit(visitorId: string, ownerIds: string[]) {
      for (const ownerId of new Set(ownerIds)) await check(ownerId, visitorId);
    },

    /**
     * Forgets a visitor who empties their history: the alerts about them and the record of when they were sent,
     * at every member, on the caller's transaction.
     */
    async forgetVisitor(visitorId: string, tx: Tx) {
      await alertsRepoOn(tx).removeAbout(visitorId);
      await notices.forgetAlertsAbout(visitorId, tx);
    },

    /** A record older than 7 days holds no alert back any more: it is not kept. Answers how many went. */
    async forgetOld() {
      return { forgotten: await alertsRepo.removeStale(new Date(clock.now().getTime() - WINDOW_MS)) };
    },
  };
}

export type RepeatedSearchAlertsService = ReturnType<typeof createRepeatedSearchAlertsService>;
