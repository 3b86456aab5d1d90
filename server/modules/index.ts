import type { FastifyInstance } from "fastify";
import { accountAlertsRoutes } from "./account-alerts/account-alerts.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { adminSectionsRoutes } from "./admin/admin-content.routes.ts";
import { adminPopupsRoutes } from "./admin/admin-popups.routes.ts";
import { affiliateRoutes } from "./affiliate/affiliate.routes.ts";
import { analyticsRoutes } from "./analytics/analytics.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { emailVerificationRoutes } from "./auth/email-verification.routes.ts";
import { passwordResetRoutes } from "./auth/password-reset.routes.ts";
import { sessionsRoutes } from "./auth/sessions.routes.ts";
import { blocksRoutes } from "./blocks/blocks.routes.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { dataExportRoutes } from "./data-export/data-export.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { liveEventsRoutes } from "./live-events/live-events.routes.ts";
import { moderationRoutes } from "./moderation/moderation.routes.ts";
import { noticesRoutes } from "./notices/notices.routes.ts";
import { paymentsRoutes } from "./payments/payments.routes.ts";
import { stripeWebhookRoutes } from "./payments/stripe-webhook.routes.ts";
import { testPaymentsRoutes } from "./payments/test-payments.routes.ts";
import { postsRoutes } from "./posts/posts.routes.ts";
import { privacyRoutes } from "./privacy/privacy.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import { socialLinksRoutes } from "./profile/social-links.routes.ts";
import { searchRoutes } from "./search/search.routes.ts";
import { passkeysRoutes } from "./second-factor/passkeys.routes.ts";
import { secondFactorRoutes } from "./second-factor/second-factor.routes.ts";
import type { Services } from "./services.ts";
import { siteRoutes } from "./site/site.routes.ts";
import { taggsRoutes } from "./taggs/taggs.routes.ts";
import { uploadsRoutes } from "./uploads/uploads.routes.ts";

type RouteDeps = Services & {
  pingDatabase: () => Promise<void>;
  draining: () => boolean;
  publicUrl: string;
};

/** Every route plugin of the API, in one list: grep here to find an endpoint's module. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  await app.register(healthRoutes, { pingDatabase: deps.pingDatabase, draining: deps.draining });
  await app.register(siteRoutes, { publicUrl: deps.publicUrl });
  await app.register(authRoutes, { authService: deps.authService });
  await app.register(passwordResetRoutes, { authService: deps.authService });
  await app.register(emailVerificationRoutes, { emailVerificationService: deps.emailVerificationService });
  await app.register(sessionsRoutes, { sessions: deps.sessions, secondFactor: deps.secondFactorService });
  await app.register(secondFactorRoutes, { secondFactorService: deps.secondFactorService });
  await app.register(passkeysRoutes, {
    passkeysService: deps.passkeysService,
    secondFactorService: deps.secondFactorService,
    sessions: deps.sessions,
  });
  await app.register(accountAlertsRoutes, {
    checkup: deps.securityCheckupService,
    signInAlerts: deps.signInAlertsService,
  });
  await app.register(profileRoutes, { profileService: deps.profileService });
  await app.register(dataExportRoutes, { dataExportService: deps.dataExportService });
  await app.register(blocksRoutes, { blocksService: deps.blocksService });
  await app.register(socialLinksRoutes, { profileService: deps.profileService });
  await app.register(uploadsRoutes, { uploadsService: deps.uploadsService });
  await app.register(postsRoutes, { postsService: deps.postsService });
  await app.register(searchRoutes, { searchService: deps.searchService });
  await app.register(analyticsRoutes, { analyticsService: deps.analyticsService });
  await app.register(liveEventsRoutes, { liveEventsService: deps.liveEventsService });
  await app.register(noticesRoutes, { noticesService: deps.noticesService });
  await app.register(moderationRoutes, { moderationService: deps.moderationService });
  await app.register(privacyRoutes, { privacyService: deps.privacyService });
  await app.register(taggsRoutes, { taggsService: deps.taggsService, profileService: deps.profileService });
  await app.register(paymentsRoutes, {
    subscriptionsService: deps.subscriptionsService,
    freeOptionEnabled: deps.settingsService.freeOptionEnabled,
  });
  // Each provider's own routes exist only while it is the active one.
  if (deps.stripeWebhookService) {
    await app.register(stripeWebhookRoutes, { webhookService: deps.stripeWebhookService });
  }
  if (deps.testPaymentsService) {
    await app.register(testPaymentsRoutes, { testPaymentsService: deps.testPaymentsService });
  }
  await app.register(affiliateRoutes, { affiliateService: deps.affiliateService });
  await app.register(contentRoutes, {
    contentService: deps.contentService,
    settingsService: deps.settingsService,
  });
  await app.register(adminRoutes, {
    prefix: "/api/admin",
    adminSessionService: deps.adminSessionService,
    auditLogService: deps.auditLogService,
    adminTaggsService: deps.adminTaggsService,
    adminModerationService: deps.adminModerationService,
    adminProfilesService: deps.adminProfilesService,
    adminCleanupService: deps.adminCleanupService,
    adminSettingsService: deps.adminSettingsService,
    adminContentService: deps.adminContentService,
    adminMoneyService: deps.adminMoneyService,
    adminAppealsService: deps.adminAppealsService,
    adminReasonsService: deps.adminReasonsService,
  });
  await app.register(adminPopupsRoutes, { adminSettingsService: deps.adminSettingsService });
  await app.register(adminSectionsRoutes, { adminContentService: deps.adminContentService });
}
