import type { FastifyInstance } from "fastify";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { adminSessionRoutes } from "./admin/admin-session.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { postsRoutes } from "./posts/posts.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import type { Services } from "./services.ts";
import { uploadsRoutes } from "./uploads/uploads.routes.ts";

type RouteDeps = Services & { isAdmin: (user: ProfileRow) => boolean; pingDatabase: () => Promise<void> };

/** Every route plugin of the API, in one list: grep here to find an endpoint's module. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  await app.register(healthRoutes, { pingDatabase: deps.pingDatabase });
  await app.register(authRoutes, { authService: deps.authService });
  await app.register(profileRoutes, { profileService: deps.profileService });
  await app.register(uploadsRoutes, { uploadsService: deps.uploadsService });
  await app.register(postsRoutes, { postsService: deps.postsService });
  await app.register(contentRoutes, { contentService: deps.contentService });
  await app.register(adminSessionRoutes, { sessions: deps.sessions, isAdmin: deps.isAdmin });
}
