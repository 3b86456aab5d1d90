import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { noticeIdParamsSchema, noticeListSchema } from "#contract/api/notices.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { NoticesService } from "./notices.service.ts";

const member = { access: "member" } as const;

/** The signed-in member's notices (newest first), and dismissing one. */
export const noticesRoutes: FastifyPluginAsyncZod<{ noticesService: NoticesService }> = async (
  app,
  { noticesService },
) => {
  app.addHook("onRoute", documentedUnder("Notices"));

  app.get(
    "/api/notices",
    {
      config: member,
      schema: {
        operationId: "listOwnNotices",
        summary: "List my notices about my own posts, newest first",
        description:
          "The 20 newest: a post of mine hidden pending review, removed by an administrator, or no longer " +
          "hidden after review; each with the words it is shown with.",
        response: { 200: noticeListSchema },
      },
    },
    (request) => noticesService.listOwn(requireMember(request).user.id),
  );

  app.delete(
    "/api/notices/:id",
    {
      config: member,
      schema: {
        operationId: "dismissNotice",
        summary: "Dismiss one of my notices",
        description: "Another member's notice, or one already dismissed, is 404 `not_found`.",
        params: noticeIdParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await noticesService.dismiss(requireMember(request).user.id, request.params.id);
      return { success: true as const };
    },
  );
};
