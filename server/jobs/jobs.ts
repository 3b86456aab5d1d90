import type { Clock } from "#server/lib/clock.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { SubscriptionsService } from "#server/modules/payments/subscriptions.service.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import type { Job } from "./scheduler.ts";

const HOUR = 60 * 60 * 1000;

/** The scheduled clean-ups of the app. */
type Deps = {
  sessions: SessionsService;
  uploadsService: UploadsService;
  subscriptionsService: SubscriptionsService;
  clock: Clock;
};

export function appJobs({ sessions, uploadsService, subscriptionsService, clock }: Deps): Job[] {
  return [
    { name: "delete-expired-sessions", everyMs: HOUR, run: () => sessions.deleteExpired() },
    { name: "delete-unused-uploads", everyMs: HOUR, run: () => uploadsService.deleteUnused(clock.now()) },
    { name: "end-cancelled-subscriptions", everyMs: HOUR, run: () => subscriptionsService.endCancelled() },
  ];
}
