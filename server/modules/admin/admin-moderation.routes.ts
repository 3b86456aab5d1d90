import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIST_SORTS, sortedListQuerySchema } from "#contract/api/admin.ts";
import {
  adminPostIdParamsSchema,
  adminReportedPostParamsSchema,
  adminReportedPostsResponseSchema,
  adminTaggedPostsResponseSchema,
  postReportSettingsResponseSchema,
  postReportSettingsSchema,
} from "#contract/api/admin-moderation.ts";
import { restrictionBodySchema } from "#contract/api/moderation.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminModerationService } from "./admin-moderation.service.ts";

type Options = { adminModerationService: AdminModerationService };

/** The Tagged posts and Reported posts sections: list and delete posts, the report queue and its settings. */
export const adminModerationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { adminModerationService },
) => {
  app.addHook("onRoute", documentedUnder("Admin moderation"));

  app.get(
    "/tagged-posts",
    {
      schema: {
        operationId: "adminListTaggedPosts",
        summary: "Every member's tagged posts, newest first or sorted, paged and searched",
        description:
          "The search matches the start of a post's id, its owner's tagg (with or without `@`), its name (anywhere, in any letter " +
          "case) or its UTC creation day (`2026-01`, `2026-01-15`). The original image of a scrambled or hidden " +
          "post is served only to a request that carries the `x-admin-session` header.",
        querystring: sortedListQuerySchema(ADMIN_LIST_SORTS.taggedPosts),
        response: { 200: adminTaggedPostsResponseSchema },
      },
    },
    (request) => adminModerationService.listTaggedPosts(request.query),
  );

  app.delete(
    "/tagged-posts/:id",
    {
      schema: {
        operationId: "adminDeleteTaggedPost",
        summary: "Remove a member's tagged post, with a reason",
        description:
          "The body names one of the panel's moderation reasons (`reasonId`) and may add words for the member " +
          "(`reasonText`); without a reason nothing happens (400 naming `reasonId`). The post leaves every list and " +
          "search, its owner's too, and its reports go. Its owner gets a `decision` notice and an e-mail with the " +
          "statement of reasons and how to appeal; the members whose report counted get a `report_outcome` notice. " +
          "The post is kept as it was while the removal may be appealed (6 months, or until an appeal is decided): " +
          "a reversed appeal gives it back, and after that it is deleted the way its owner would delete it. Audited.",
        params: adminPostIdParamsSchema,
        body: restrictionBodySchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminModerationService.deletePost(requireMember(request).user, request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    "/tagged-posts/:id/hide",
    {
      schema: {
        operationId: "adminHideTaggedPost",
        summary: "Hide a member's tagged post pending review, with a reason",
        description:
          "Others stop seeing the post, whatever its owner chooses, until its reports are dismissed, an appeal " +
          "reverses the decision, or it is removed. The owner gets a `decision` notice and an e-mail with the " +
          "statement of reasons. 409 `conflict` when it is already hidden pending review. Audited.",
        params: adminPostIdParamsSchema,
        body: restrictionBodySchema,
        response: { 200: successSchema },
        errors: ["conflict"],
      },
    },
    async (request) => {
      await adminModerationService.hidePost(requireMember(request).user, request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.get(
    "/reported-posts",
    {
      schema: {
        operationId: "adminListReportedPosts",
        summary: "Reported posts in triage order or sorted, paged and searched",
        description:
          "Without `sort`: posts hidden pending review first, then those with the most reports that count, then " +
          "the most recently reported. Each post with its number of reports and how many gave each reason " +
          "(`none`: no reason given); who reported is never answered. The search matches the post's id, its " +
          "name, or its owner's e-mail, tagg (with or without `@`) or full name.",
        querystring: sortedListQuerySchema(ADMIN_LIST_SORTS.reportedPosts),
        response: { 200: adminReportedPostsResponseSchema },
      },
    },
    (request) => adminModerationService.listReportedPosts(request.query),
  );

  app.post(
    "/reported-posts/:postId/dismiss",
    {
      schema: {
        operationId: "adminDismissPostReports",
        summary: "Dismiss a post's reports and show it again",
        description:
          "Clears every report of the post and makes it visible again, also when the report auto-action or an " +
          "administrator held it for review (an appeal still open against the hold is settled as reversed). " +
          "404 `not_found` when the post has neither reports nor a hold. Audited.",
        params: adminReportedPostParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminModerationService.dismissReports(requireMember(request).user, request.params.postId);
      return { success: true as const };
    },
  );

  app.get(
    "/post-report-settings",
    {
      schema: {
        operationId: "adminGetPostReportSettings",
        summary: "The report auto-action's settings",
        description:
          "While `autoDeleteEnabled`, a post with at least `autoDeleteThreshold` reports is hidden for review " +
          "or deleted (`autoAction`), and its owner told. A threshold stored before the 10, 50 or 100 choice " +
          "is answered as stored.",
        response: { 200: postReportSettingsResponseSchema },
      },
    },
    () => adminModerationService.reportSettings(),
  );

  app.put(
    "/post-report-settings",
    {
      schema: {
        operationId: "adminUpdatePostReportSettings",
        summary: "Change the report auto-action's settings",
        description:
          "`autoAction` left out keeps the stored one. Posts already past the threshold are acted on within a " +
          "minute. Audited with the values that changed.",
        body: postReportSettingsSchema,
        response: { 200: postReportSettingsResponseSchema },
      },
    },
    (request) => adminModerationService.setReportSettings(requireMember(request).user, request.body),
  );
};
