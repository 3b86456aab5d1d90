import path from "node:path";
import type { Redis } from "ioredis";
import type { Config } from "#server/config.ts";
import type { ChangeFeed } from "#server/db/change-feed.ts";
import type { Database } from "#server/db/client.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { transactOn } from "#server/db/transaction.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { EventBus } from "#server/lib/event-bus.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import type { ProcessingQueue } from "#server/lib/processing-queue.ts";
import { createRecentKeys } from "#server/lib/recent-keys.ts";
import { createKeyedDigest, createSecretBox } from "#server/lib/secret-box.ts";
import type { Storage } from "#server/lib/storage.ts";
import { createAccountChangesService } from "./account-alerts/account-changes.service.ts";
import { createSecurityCheckupService } from "./account-alerts/security-checkup.service.ts";
import { createSignInAlertsService } from "./account-alerts/sign-in-alerts.service.ts";
import { createNetworkKeys } from "./account-alerts/sign-in-place.ts";
import { createSignInPlacesRepository } from "./account-alerts/sign-in-places.repository.ts";
import { createWasntMeTokensRepository } from "./account-alerts/wasnt-me-tokens.repository.ts";
import { createAuditRepository } from "./admin/audit.repository.ts";
import { createAdminServices } from "./admin-services.ts";
import { createAffiliateRepository } from "./affiliate/affiliate.repository.ts";
import { createAffiliateService } from "./affiliate/affiliate.service.ts";
import { createPayoutsRepository } from "./affiliate/payouts.repository.ts";
import { createAnalyticsRepository } from "./analytics/analytics.repository.ts";
import { createAnalyticsService } from "./analytics/analytics.service.ts";
import { createAnalyticsEtags } from "./analytics/analytics-etags.ts";
import { createAnonymityKeysRepository } from "./analytics/anonymity-keys.repository.ts";
import { createPseudonyms } from "./analytics/pseudonyms.ts";
import { createViewersRepository } from "./analytics/viewers.repository.ts";
import { createAccountsRepository } from "./auth/accounts.repository.ts";
import { createAuthService } from "./auth/auth.service.ts";
import { createEmailVerificationService } from "./auth/email-verification.service.ts";
import { createResetTokensRepository } from "./auth/reset-tokens.repository.ts";
import { createSessionCache } from "./auth/session-cache.ts";
import { createSessionsRepository } from "./auth/sessions.repository.ts";
import { createSessionsService } from "./auth/sessions.service.ts";
import { createVerificationTokensRepository } from "./auth/verification-tokens.repository.ts";
import { createBillingServices } from "./billing-services.ts";
import { createBlocksRepository } from "./blocks/blocks.repository.ts";
import { createBlocksService } from "./blocks/blocks.service.ts";
import { createContentRepository } from "./content/content.repository.ts";
import { createContentService } from "./content/content.service.ts";
import { createDataExportService } from "./data-export/data-export.service.ts";
import { createLiveEventsService } from "./live-events/live-events.service.ts";
import { createLiveFeed } from "./live-events/live-feed.ts";
import { announceSessionEnds, createLiveStreams } from "./live-events/live-streams.ts";
import { createModerationService } from "./moderation/moderation.service.ts";
import { createNoticesRepository } from "./notices/notices.repository.ts";
import { createNoticesService } from "./notices/notices.service.ts";
import { createRepeatedSearchAlertsRepository } from "./notices/repeated-search-alerts.repository.ts";
import { createRepeatedSearchAlertsService } from "./notices/repeated-search-alerts.service.ts";
import { createPostsRepositories } from "./posts/posts.repository.ts";
import { createPostsService } from "./posts/posts.service.ts";
import { createPrivacyRepository } from "./privacy/privacy.repository.ts";
import { createPrivacyService } from "./privacy/privacy.service.ts";
import { createProfileRepository } from "./profile/profile.repository.ts";
import { createProfileService } from "./profile/profile.service.ts";
import { createSearchRepository } from "./search/search.repository.ts";
import { createSearchService } from "./search/search.service.ts";
import { createPasskeysService, relyingPartyOf } from "./second-factor/passkeys.service.ts";
import { createSecondFactorRepository } from "./second-factor/second-factor.repository.ts";
import { createSecondFactorService } from "./second-factor/second-factor.service.ts";
import { createSettingsRepository } from "./settings/settings.repository.ts";
import { createSettingsService } from "./settings/settings.service.ts";
import { createTaggsRepository } from "./taggs/taggs.repository.ts";
import { createTaggsService } from "./taggs/taggs.service.ts";
import { createUploadsRepository } from "./uploads/uploads.repository.ts";
import { createUploadsService } from "./uploads/uploads.service.ts";

type Infrastructure = {
  config: Config;
  storage: Storage;
  imageQueue: ProcessingQueue;
  events: EventBus;
  /** Shared short-lived state across instances, when REDIS_URL is set. */
  redis: Redis | undefined;
  changes: ChangeFeed;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  isAdmin: (user: ProfileRow) => boolean;
};

/**
 * Wires every repository and service once; each service receives only what it uses. Repositories are built
 * on the app's database; a service that writes across repositories receives `transact` (see
 * docs/architecture.md, "One transaction pattern"). A module reaches another only through its service.
 * Billing and the admin panel's services are wired in billing-services.ts and admin-services.ts.
 */
export function createServices(infra: Infrastructure) {
  const { config, db, clock, background, isAdmin } = infra;
  const transact = transactOn(db);

  const sessions = announceSessionEnds(
    createSessionsService({
      sessionsRepo: createSessionsRepository(db),
      cache: createSessionCache({ changes: infra.changes, now: () => clock.now().getTime() }),
      sessionsRepoOn: createSessionsRepository,
      transact,
      clock,
    }),
    infra.events,
  );
  const accountChanges = createAccountChangesService({
    mailer: infra.mailer,
    background,
    clock,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  });
  const signInAlertsService = createSignInAlertsService({
    placesRepo: createSignInPlacesRepository(db),
    tokensRepo: createWasntMeTokensRepository(db),
    networkKeys: createNetworkKeys(config.appSecret),
    mailer: infra.mailer,
    background,
    clock,
    publicUrl: config.publicUrl,
  });
  const blocksService = createBlocksService({
    blocksRepo: createBlocksRepository(db),
    blocksRepoOn: createBlocksRepository,
    transact,
    // Blocking by tagg shows what a search of it would; the search is built further down, before any call.
    search: { showsOwnerNameByTagg: (tagg, viewerId) => searchService.showsOwnerNameByTagg(tagg, viewerId) },
    clock,
  });
  const settingsService = createSettingsService({ settingsRepo: createSettingsRepository(db) });
  const uploadsService = createUploadsService({
    uploadsRepo: createUploadsRepository(db),
    storage: infra.storage,
    queue: infra.imageQueue,
    adminSessionValid: sessions.adminSessionValid,
    isBlocked: blocksService.isBlocked,
    tempDir: path.join(config.dataDir, "tmp"),
  });
  const noticesService = createNoticesService({
    noticesRepo: createNoticesRepository(db),
    events: infra.events,
    clock,
  });
  const moderationService = createModerationService({
    db,
    transact,
    clock,
    notices: noticesService,
    recordAudit: (tx, entry) => createAuditRepository(tx).record(entry),
    // Called only once every service exists.
    memberOf: (userId, tx) => profileService.find(userId, tx),
    mailer: infra.mailer,
    background,
    publicUrl: config.publicUrl,
  });
  const postsService = createPostsService({
    repos: createPostsRepositories(db),
    reposOn: createPostsRepositories,
    transact,
    settings: settingsService,
    // The report that crosses the threshold sets off moderation's automatic action, which acts on posts
    // through this service: the closure is called only after both exist.
    applyReportAutoAction: () => admin.adminModerationService.applyAutoAction(),
    uploads: uploadsService,
    isBlocked: blocksService.isBlocked,
    clock,
    reportMinAccountAgeHours: config.reportMinAccountAgeHours,
    countReport: moderationService.countReport,
  });
  const analyticsRepo = createAnalyticsRepository(db);
  const pseudonyms = createPseudonyms({
    keysRepo: createAnonymityKeysRepository(db),
    secretBox: createSecretBox(config.appSecret, "anonymityKey"),
    clock,
    keyDays: config.anonymity.keyDays,
  });
  const analyticsService = createAnalyticsService({
    analyticsRepo,
    viewersRepo: createViewersRepository(db),
    etags: createAnalyticsEtags({ changes: infra.changes, ownersSeenBy: analyticsRepo.ownersSeenBy }),
    events: infra.events,
    pseudonyms,
    recent: createRecentKeys(infra.redis, () => clock.now().getTime()),
    clock,
    release: {
      minutes: config.anonymity.releaseMinutes,
      jitterMinutes: config.anonymity.jitterMinutes,
      minVisitors: config.anonymity.minVisitors,
    },
  });
  const repeatedSearchAlertsService = createRepeatedSearchAlertsService({
    transact,
    alertsRepo: createRepeatedSearchAlertsRepository(db),
    alertsRepoOn: createRepeatedSearchAlertsRepository,
    analytics: analyticsService,
    notices: noticesService,
    clock,
  });
  const searchService = createSearchService({
    transact,
    searchRepo: createSearchRepository(db),
    analytics: analyticsService,
    alerts: repeatedSearchAlertsService,
    clock,
  });
  const affiliateService = createAffiliateService({
    affiliateRepo: createAffiliateRepository(db),
    payoutsRepo: createPayoutsRepository(db),
    settings: settingsService,
    secretBox: createSecretBox(config.appSecret, "payoutDetails"),
    publicUrl: config.publicUrl,
    clock,
    accountChanged: accountChanges.changed,
  });
  const emailVerificationService = createEmailVerificationService({
    transact,
    tokensRepo: createVerificationTokensRepository(db),
    mailer: infra.mailer,
    background,
    clock,
    publicUrl: config.publicUrl,
    isAdmin,
  });
  const { subscriptionsService, stripeWebhookService, testPaymentsService } = createBillingServices(
    { config, db, transact, clock, mailer: infra.mailer, background, isAdmin },
    affiliateService,
  );

  const secondFactorRepo = createSecondFactorRepository(db);
  const passkeysService = createPasskeysService({
    repo: secondFactorRepo,
    sessions,
    rp: relyingPartyOf(config.publicUrl),
    clock,
    accountChanged: accountChanges.changed,
  });
  const secondFactorService = createSecondFactorService({
    repo: secondFactorRepo,
    repoOn: createSecondFactorRepository,
    transact,
    passkeys: passkeysService,
    sessions,
    secretBox: createSecretBox(config.appSecret, "totpSecret"),
    recoveryCodeKey: createKeyedDigest(config.appSecret, "recoveryCode"),
    clock,
    accountChanged: accountChanges.changed,
  });

  const authService = createAuthService({
    transact,
    accountsRepo: createAccountsRepository(db),
    resetTokensRepo: createResetTokensRepository(db),
    sessions,
    referrals: affiliateService,
    verification: emailVerificationService,
    secondFactor: secondFactorService,
    signInAlerts: signInAlertsService,
    accountChanges,
    mailer: infra.mailer,
    background,
    clock,
    publicUrl: config.publicUrl,
  });

  const taggsService = createTaggsService({
    taggsRepo: createTaggsRepository(db),
    taggsRepoOn: createTaggsRepository,
    transact,
  });
  const profileService = createProfileService({
    transact,
    profileRepo: createProfileRepository(db),
    profileRepoOn: createProfileRepository,
    ownsUpload: uploadsService.ownsOriginal,
    removeFiles: uploadsService.removeFiles,
    endSubscription: subscriptionsService.endForDeletedMember,
    contactDetailsChanged: (user) =>
      background.run("billing-contact-sync", () => subscriptionsService.syncCustomer(user)),
    emailChanged: (previousEmail, user) => {
      emailVerificationService.emailChanged(user);
      accountChanges.changed(
        { email: previousEmail, firstName: user.firstName },
        { kind: "email", newEmail: user.email },
      );
    },
    passwordChanged: (user) => accountChanges.changed(user, { kind: "password" }),
    emailChangeRequested: emailVerificationService.emailChangeRequested,
    revokeResetTokens: authService.revokeResetTokens,
    accounts: authService,
    taggs: taggsService,
    sessions,
    isAdmin,
    clock,
  });
  const contentService = createContentService({ contentRepo: createContentRepository(db) });
  const admin = createAdminServices(
    { config, db, transact, clock, isAdmin, redis: infra.redis },
    {
      sessions,
      secondFactor: secondFactorService,
      auth: authService,
      profiles: profileService,
      taggs: taggsService,
      posts: postsService,
      uploads: uploadsService,
      notices: noticesService,
      moderation: moderationService,
      settings: settingsService,
      content: contentService,
      affiliate: affiliateService,
      subscriptions: subscriptionsService,
    },
  );
  const liveStreams = createLiveStreams();
  const liveEventsService = createLiveEventsService({
    events: infra.events,
    sessions,
    feed: createLiveFeed({ analytics: analyticsService, notices: noticesService, clock }),
    streams: liveStreams,
  });

  return {
    ...admin,
    sessions,
    secondFactorService,
    passkeysService,
    signInAlertsService,
    securityCheckupService: createSecurityCheckupService({ sessions, secondFactor: secondFactorService }),
    blocksService,
    noticesService,
    moderationService,
    settingsService,
    authService,
    profileService,
    emailVerificationService,
    uploadsService,
    postsService,
    analyticsService,
    pseudonyms,
    repeatedSearchAlertsService,
    liveStreams,
    liveEventsService,
    searchService,
    privacyService: createPrivacyService({
      privacyRepo: createPrivacyRepository(db),
      privacyRepoOn: createPrivacyRepository,
      transact,
      taggs: taggsService,
      analytics: analyticsService,
      clock,
    }),
    subscriptionsService,
    stripeWebhookService,
    testPaymentsService,
    affiliateService,
    dataExportService: createDataExportService({
      profiles: profileService,
      passkeys: passkeysService,
      posts: postsService,
      uploads: uploadsService,
      search: searchService,
      analytics: analyticsService,
      subscriptions: subscriptionsService,
      affiliate: affiliateService,
      blocks: blocksService,
      moderation: moderationService,
      sessions,
      signInPlaces: signInAlertsService,
      clock,
    }),
    taggsService,
    contentService,
  };
}

export type Services = ReturnType<typeof createServices>;
