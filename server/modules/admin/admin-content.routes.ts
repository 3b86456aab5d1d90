import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminHelpContentListSchema,
  adminHelpContentSchema,
  adminTermsBodySchema,
  helpContentBodySchema,
  helpContentUpdateSchema,
  helpSectionParamsSchema,
  sectionIdParamsSchema,
  sectionPatchSchema,
  whatWeDoBodySchema,
} from "#contract/api/admin-content.ts";
import { sectionSchema, whatWeDoSchema } from "#contract/api/content.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminContentService } from "./admin-content.service.ts";

type Options = { adminContentService: AdminContentService };

const success = z.object({ success: z.literal(true) });

/** Terms & Conditions, Help content and What We Do (under /api/admin, so admin-only by the scope). */
export const adminContentRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminContentService }) => {
  app.post(
    "/terms",
    { schema: { body: adminTermsBodySchema, response: { 200: termsResponseSchema } } },
    (request) => adminContentService.saveTerms(requireMember(request).user, request.body),
  );

  app.delete("/terms", { schema: { response: { 200: success } } }, async (request) => {
    await adminContentService.deleteTerms(requireMember(request).user);
    return { success: true as const };
  });

  app.get("/help-content", { schema: { response: { 200: adminHelpContentListSchema } } }, () =>
    adminContentService.listHelp(),
  );

  app.post(
    "/help-content",
    { schema: { body: helpContentBodySchema, response: { 201: adminHelpContentSchema } } },
    async (request, reply) => {
      const help = await adminContentService.createHelp(requireMember(request).user, request.body);
      return reply.status(201).send(help);
    },
  );

  app.put(
    "/help-content/:sectionName",
    {
      schema: {
        params: helpSectionParamsSchema,
        body: helpContentUpdateSchema,
        response: { 200: adminHelpContentSchema },
      },
    },
    (request) =>
      adminContentService.updateHelp(requireMember(request).user, request.params.sectionName, request.body),
  );

  app.delete(
    "/help-content/:sectionName",
    { schema: { params: helpSectionParamsSchema, response: { 200: success } } },
    async (request) => {
      await adminContentService.deleteHelp(requireMember(request).user, request.params.sectionName);
      return { success: true as const };
    },
  );

  app.get("/what-we-do-content", { schema: { response: { 200: whatWeDoSchema } } }, () =>
    adminContentService.whatWeDo(),
  );

  app.post(
    "/what-we-do-content",
    { schema: { body: whatWeDoBodySchema, response: { 200: whatWeDoSchema } } },
    (request) => adminContentService.saveWhatWeDo(requireMember(request).user, request.body.content),
  );
};

/**
 * Edit UI Section: the spec puts it at `PATCH /api/sections/{id}`, beside the public reads, so it is registered
 * outside the /api/admin scope and declares its access itself.
 */
export const adminSectionsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminContentService }) => {
  app.patch(
    "/api/sections/:id",
    {
      config: { access: "admin" },
      schema: { params: sectionIdParamsSchema, body: sectionPatchSchema, response: { 200: sectionSchema } },
    },
    (request) =>
      adminContentService.updateSection(requireMember(request).user, request.params.id, request.body),
  );
};
