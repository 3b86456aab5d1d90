import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminAppealsRoutes } from "./admin-appeals.routes.ts";
import type { AdminAppealsService } from "./admin-appeals.service.ts";
import { adminCleanupRoutes } from "./admin-cleanup.routes.ts";
import type { AdminCleanupService } from "./admin-cleanup.service.ts";
import { adminContentRoutes } from "./admin-content.routes.ts";
import type { AdminContentService } from "./admin-content.service.ts";
import { adminModerationRoutes } from "./admin-moderation.routes.ts";
import type { AdminModerationService } from "./admin-moderation.service.ts";
import { adminMoneyRoutes } from "./admin-money.routes.ts";
import type { AdminMoneyService } from "./admin-money.service.ts";
import { adminProfilesRoutes } from "./admin-profiles.routes.ts";
import type { AdminProfilesService } from "./admin-profiles.service.ts";
import type { AdminReasonsService } from "./admin-reasons.service.ts";
import { adminSessionRoutes } from "./admin-session.routes.ts";
import type { AdminSessionService } from "./admin-session.service.ts";
import { adminSettingsRoutes } from "./admin-settings.routes.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";
import { adminTaggsRoutes } from "./admin-taggs.routes.ts";
import type { AdminTaggsService } from "./admin-taggs.service.ts";
import { auditLogRoutes } from "./audit-log.routes.ts";
import type { AuditLogService } from "./audit-log.service.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The one way out of the admin scope's forced access: the route that opens an admin session is for a
     * signed-in member (its service then checks the role and the password). Nothing else may use it.
     */
    adminUnlock?: true;
  }
}

type Options = {
  adminSessionService: AdminSessionService;
  auditLogService: AuditLogService;
  adminTaggsService: AdminTaggsService;
  adminModerationService: AdminModerationService;
  adminProfilesService: AdminProfilesService;
  adminCleanupService: AdminCleanupService;
  adminSettingsService: AdminSettingsService;
  adminContentService: AdminContentService;
  adminMoneyService: AdminMoneyService;
  adminAppealsService: AdminAppealsService;
  adminReasonsService: AdminReasonsService;
};

/**
 * Every admin route, registered under one `/api/admin` prefix. Access is forced here, not declared by each
 * route: anything in this scope answers only an administrator whose member session, admin session
 * (`x-admin-session`) and role all hold — the auth plugin checks them. `config.adminUnlock` is the exception.
 * Each section's plugin files its routes under its own section of the API document; the scope names none, as
 * the first section given to a route is the one it keeps.
 */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  {
    adminSessionService,
    auditLogService,
    adminTaggsService,
    adminModerationService,
    adminProfilesService,
    adminCleanupService,
    adminSettingsService,
    adminContentService,
    adminMoneyService,
    adminAppealsService,
    adminReasonsService,
  },
) => {
  app.addHook("onRoute", (route) => {
    const access = route.config?.adminUnlock ? "member" : "admin";
    if (route.config?.access && route.config.access !== access) {
      throw new Error(
        `${route.method} ${route.url} declares access "${route.config.access}", but admin routes are "${access}"`,
      );
    }
    route.config = { ...route.config, access };
  });

  await app.register(adminSessionRoutes, { adminSessionService });
  await app.register(auditLogRoutes, { auditLogService });
  await app.register(adminTaggsRoutes, { adminTaggsService });
  await app.register(adminModerationRoutes, { adminModerationService });
  await app.register(adminAppealsRoutes, { adminAppealsService, adminReasonsService });
  await app.register(adminProfilesRoutes, { adminProfilesService });
  await app.register(adminCleanupRoutes, { adminCleanupService });
  await app.register(adminSettingsRoutes, { adminSettingsService });
  await app.register(adminContentRoutes, { adminContentService });
  await app.register(adminMoneyRoutes, { adminMoneyService });
};
