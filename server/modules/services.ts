import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import { createReferralsRepository } from "./affiliate/referrals.repository.ts";
import { createReferralsService } from "./affiliate/referrals.service.ts";
import { createAuthService } from "./auth/auth.service.ts";
import { createResetTokensRepository } from "./auth/reset-tokens.repository.ts";
import { createSessionsRepository } from "./auth/sessions.repository.ts";
import { createSessionsService } from "./auth/sessions.service.ts";
import { createContentRepository } from "./content/content.repository.ts";
import { createContentService } from "./content/content.service.ts";
import { createProfileRepository } from "./profile/profile.repository.ts";
import { createProfileService } from "./profile/profile.service.ts";

type Infrastructure = {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  isAdmin: (user: ProfileRow) => boolean;
};

/** Wires every repository and service once; each service receives only what it uses. */
export function createServices({ config, db, clock, mailer, background, isAdmin }: Infrastructure) {
  const profileRepo = createProfileRepository(db);
  const sessions = createSessionsService({ sessionsRepo: createSessionsRepository(db), clock });
  return {
    sessions,
    authService: createAuthService({
      db,
      profileRepo,
      resetTokensRepo: createResetTokensRepository(db),
      sessions,
      referrals: createReferralsService({ referralsRepo: createReferralsRepository(db), clock }),
      mailer,
      background,
      clock,
      publicUrl: config.publicUrl,
    }),
    profileService: createProfileService({ profileRepo, sessions, isAdmin }),
    contentService: createContentService({ contentRepo: createContentRepository(db) }),
  };
}

export type Services = ReturnType<typeof createServices>;
