import { scheduledBackup } from "#server/backup/scheduled-backups.ts";
import type { Config } from "#server/config.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { SignInAlertsService } from "#server/modules/account-alerts/sign-in-alerts.service.ts";
import type { AdminModerationService } from "#server/modules/admin/admin-moderation.service.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { Pseudonyms } from "#server/modules/analytics/pseudonyms.ts";
import type { AuthService } from "#server/modules/auth/auth.service.ts";
import type { EmailVerificationService } from "#server/modules/auth/email-verification.service.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { RepeatedSearchAlertsService } from "#server/modules/notices/repeated-search-alerts.service.ts";
import type { SubscriptionsService } from "#server/modules/payments/subscriptions.service.ts";
import type { TestPaymentsService } from "#server/modules/payments/test-payments.service.ts";
import type { SecondFactorService } from "#server/modules/second-factor/second-factor.service.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import type { Job } from "./scheduler.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The scheduled clean-ups of the app. */
type Deps = {
  sessions: SessionsService;
  authService: AuthService;
  emailVerificationService: EmailVerificationService;
  secondFactorService: Pick<SecondFactorService, "deleteSpent">;
  signInAlertsService: Pick<SignInAlertsService, "deleteSpent">;
  uploadsService: UploadsService;
  subscriptionsService: SubscriptionsService;
  /** Only while the test provider is the active one. */
  testPaymentsService: TestPaymentsService | undefined;
  adminModerationService: AdminModerationService;
  analyticsService: AnalyticsService;
  repeatedSearchAlertsService: Pick<RepeatedSearchAlertsService, "forgetOld">;
  pseudonyms: Pseudonyms;
  clock: Clock;
  /** BACKUP_DIR and BACKUP_KEEP; undefined: no scheduled backups. */
  backups: Config["backups"];
};

export function appJobs({
  sessions,
  authService,
  emailVerificationService,
  secondFactorService,
  signInAlertsService,
  uploadsService,
  subscriptionsService,
  testPaymentsService,
  adminModerationService,
  analyticsService,
  repeatedSearchAlertsService,
  pseudonyms,
  clock,
  backups,
}: Deps): Job[] {
  return [
    { name: "delete-expired-sessions", everyMs: HOUR, run: () => sessions.deleteExpired() },
    // A used or expired link, an ended admin unlock, a sign-in or passkey challenge past its time, or an
    // authenticator-app setup never confirmed in time, opens nothing any more: it is not kept.
    {
      name: "delete-spent-tokens",
      everyMs: HOUR,
      run: async () => ({
        resetLinks: await authService.deleteSpentResetLinks(),
        verificationLinks: await emailVerificationService.deleteSpentLinks(),
        adminUnlocks: await sessions.deleteExpiredAdmin(),
        secondFactor: await secondFactorService.deleteSpent(),
        signInAlerts: await signInAlertsService.deleteSpent(),
      }),
    },
    { name: "delete-unused-uploads", everyMs: HOUR, run: () => uploadsService.deleteUnused(clock.now()) },
    // The test provider's renewals and endings, only while it is the active provider (Stripe renews and ends
    // subscriptions on its own and tells us by webhook).
    ...(testPaymentsService
      ? [
          { name: "renew-test-subscriptions", everyMs: HOUR, run: () => testPaymentsService.renewDue() },
          {
            name: "end-cancelled-subscriptions",
            everyMs: HOUR,
            run: () => testPaymentsService.endCancelled(),
          },
        ]
      : []),
    // Premium already ends by its dates; this brings the stored subscription in line with the provider when a
    // renewal's or an ending's webhook never came.
    {
      name: "reconcile-subscriptions",
      everyMs: HOUR,
      run: () => subscriptionsService.reconcilePastPeriodEnd(),
    },
    // Also run right after the report that crosses the threshold; this is the backstop (and the catch-up
    // after an administrator lowers the threshold or turns the action on).
    {
      name: "report-auto-action",
      everyMs: MINUTE,
      run: () => adminModerationService.applyAutoAction(),
    },
    // A post removed by moderation is kept while the removal may be appealed, then deleted for good.
    {
      name: "purge-appeal-expired-removals",
      everyMs: HOUR,
      run: () => adminModerationService.purgeRemovals(),
    },
    // Anonymous activity is shown to owners within seconds of its release time; releasing often keeps each
    // release small (release times are spread by the random delay).
    {
      name: "release-anonymous-activity",
      everyMs: 10 * SECOND,
      run: () => analyticsService.releaseAnonymous(),
    },
    { name: "rotate-anonymity-key", everyMs: HOUR, run: () => pseudonyms.rotate() },
    { name: "forget-old-connections", everyMs: HOUR, run: () => analyticsService.forgetOldConnections() },
    // When a member was alerted about a visitor matters for 7 days only; past them the record is not kept.
    { name: "forget-old-alerts", everyMs: HOUR, run: () => repeatedSearchAlertsService.forgetOld() },
    // Once a day across all instances (the period is claimed in the database), the first soon after a start.
    ...(backups
      ? [{ name: "backup", everyMs: 24 * HOUR, run: scheduledBackup(backups, () => clock.now()) }]
      : []),
  ];
}
