import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminListQuerySchema } from "#contract/api/admin.ts";
import {
  adminPostIdParamsSchema,
  adminReportedPostParamsSchema,
  adminReportedPostsResponseSchema,
  adminSuccessSchema,
  adminTaggedPostsResponseSchema,
  postReportSettingsResponseSchema,
  postReportSettingsSchema,
} from "#contract/api/admin-moderation.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminModerationService } from "./admin-moderation.service.ts";

type Options = { adminModerationService: AdminModerationService };

/** The Tagged posts and Reported posts sections: list and delete posts, the report queue and its settings. */
export const adminModerationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { adminModerationService },
) => {
  app.get(
    "/tagged-posts",
    { schema: { querystring: adminListQuerySchema, response: { 200: adminTaggedPostsResponseSchema } } },
    (request) => adminModerationService.listTaggedPosts(request.query),
  );

  app.delete(
    "/tagged-posts/:id",
    { schema: { params: adminPostIdParamsSchema, response: { 200: adminSuccessSchema } } },
    async (request) => {
      await adminModerationService.deletePost(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    "/reported-posts",
    { schema: { querystring: adminListQuerySchema, response: { 200: adminReportedPostsResponseSchema } } },
    (request) => adminModerationService.listReportedPosts(request.query),
  );

  app.post(
    "/reported-posts/:postId/dismiss",
    { schema: { params: adminReportedPostParamsSchema, response: { 200: adminSuccessSchema } } },
    async (request) => {
      await adminModerationService.dismissReports(requireMember(request).user, request.params.postId);
      return { success: true as const };
    },
  );

  app.get("/post-report-settings", { schema: { response: { 200: postReportSettingsResponseSchema } } }, () =>
    adminModerationService.reportSettings(),
  );

  app.put(
    "/post-report-settings",
    { schema: { body: postReportSettingsSchema, response: { 200: postReportSettingsResponseSchema } } },
    (request) => adminModerationService.setReportSettings(requireMember(request).user, request.body),
  );
};
