import type { Redis } from "ioredis";
import { RATE_LIMITS } from "#contract/limits.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import { createFailureBudget } from "#server/lib/failure-budget.ts";
import { createAdminAppealsService } from "./admin/admin-appeals.service.ts";
import { createAdminCleanupService } from "./admin/admin-cleanup.service.ts";
import { createAdminContentService } from "./admin/admin-content.service.ts";
import { createAdminModerationService } from "./admin/admin-moderation.service.ts";
import { createAdminMoneyService } from "./admin/admin-money.service.ts";
import { createAdminProfilesService } from "./admin/admin-profiles.service.ts";
import { createAdminReasonsService } from "./admin/admin-reasons.service.ts";
import { createAdminSessionService } from "./admin/admin-session.service.ts";
import { createAdminSettingsService } from "./admin/admin-settings.service.ts";
import { createAdminTaggsService } from "./admin/admin-taggs.service.ts";
import { createAuditRepository } from "./admin/audit.repository.ts";
import { createAuditLogService } from "./admin/audit-log.service.ts";
import { createCostsRepository } from "./admin/costs.repository.ts";
import type { AffiliateService } from "./affiliate/affiliate.service.ts";
import type { AuthService } from "./auth/auth.service.ts";
import type { SessionsService } from "./auth/sessions.service.ts";
import type { ContentService } from "./content/content.service.ts";
import type { ModerationService } from "./moderation/moderation.service.ts";
import type { NoticesService } from "./notices/notices.service.ts";
import type { SubscriptionsService } from "./payments/subscriptions.service.ts";
import type { PostsService } from "./posts/posts.service.ts";
import type { ProfileService } from "./profile/profile.service.ts";
import type { SecondFactorService } from "./second-factor/second-factor.service.ts";
import type { SettingsService } from "./settings/settings.service.ts";
import type { TaggsService } from "./taggs/taggs.service.ts";
import type { UploadsService } from "./uploads/uploads.service.ts";

type AdminInfrastructure = {
  config: Pick<Config, "adminRequireSecondFactor" | "adminEmails">;
  db: Database;
  transact: Transact;
  clock: Clock;
  isAdmin: (user: ProfileRow) => boolean;
  /** Where failure budgets are shared between instances (absent: counted per instance). */
  redis: Redis | undefined;
};

/** The feature services the admin panel's services act through: an admin write goes through its owner's service. */
type FeatureServices = {
  sessions: SessionsService;
  secondFactor: SecondFactorService;
  auth: AuthService;
  profiles: ProfileService;
  taggs: TaggsService;
  posts: PostsService;
  uploads: UploadsService;
  notices: NoticesService;
  moderation: ModerationService;
  settings: SettingsService;
  content: ContentService;
  affiliate: AffiliateService;
  subscriptions: SubscriptionsService;
};

/**
 * Wires the admin panel's services once. Each writes its audit row on the transaction of the change it records
 * (`auditRepoOn`), so the audit repository and the costs repository, which only the admin module owns, are built
 * here; every other table is reached through its owner's service.
 */
export function createAdminServices(infra: AdminInfrastructure, features: FeatureServices) {
  const { config, db, transact, clock, isAdmin, redis } = infra;
  const { sessions, profiles, taggs, posts, uploads, notices, settings } = features;
  const adminModerationService = createAdminModerationService({
    transact,
    posts,
    auditRepoOn: createAuditRepository,
    settings,
    notices,
    uploads,
    moderation: features.moderation,
    clock,
  });
  return {
    adminModerationService,
    adminAppealsService: createAdminAppealsService({
      transact,
      moderation: features.moderation,
      adminModeration: adminModerationService,
      posts,
      taggs,
      profiles,
      uploads,
      notices,
      auditRepoOn: createAuditRepository,
      adminEmails: config.adminEmails,
    }),
    adminReasonsService: createAdminReasonsService({
      transact,
      moderation: features.moderation,
      auditRepoOn: createAuditRepository,
    }),
    adminSessionService: createAdminSessionService({
      sessions,
      secondFactor: features.secondFactor,
      requireSecondFactor: config.adminRequireSecondFactor,
      isAdmin,
      failuresByAddress: createFailureBudget({ name: "admin-unlock", ...RATE_LIMITS.adminSession, redis }),
      clock,
    }),
    auditLogService: createAuditLogService({ auditRepo: createAuditRepository(db) }),
    adminTaggsService: createAdminTaggsService({
      transact,
      taggs,
      auditRepoOn: createAuditRepository,
      moderation: features.moderation,
    }),
    adminProfilesService: createAdminProfilesService({
      transact,
      profiles,
      taggs,
      auth: features.auth,
      auditRepoOn: createAuditRepository,
      sessions,
      adminEmails: config.adminEmails,
    }),
    adminCleanupService: createAdminCleanupService({
      taggs,
      profiles,
      posts,
      sessions,
      auditRepoOn: createAuditRepository,
      clock,
    }),
    adminSettingsService: createAdminSettingsService({
      transact,
      settings,
      auditRepoOn: createAuditRepository,
    }),
    adminMoneyService: createAdminMoneyService({
      transact,
      costsRepo: createCostsRepository(db),
      costsRepoOn: createCostsRepository,
      auditRepoOn: createAuditRepository,
      affiliate: features.affiliate,
      settings,
      payments: features.subscriptions,
      clock,
    }),
    adminContentService: createAdminContentService({
      transact,
      content: features.content,
      auditRepoOn: createAuditRepository,
    }),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
