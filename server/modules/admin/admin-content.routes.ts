import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { successSchema } from "#contract/api/success.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminContentService } from "./admin-content.service.ts";

type Options = { adminContentService: AdminContentService };

/**
 * Terms & Conditions, Help content and What We Do (under /api/admin, so admin-only by the scope). Every write is
 * audited in its own transaction.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminContentService }) => {
  app.addHook("onRoute", documentedUnder("Admin content"));

  app.post(
    "/terms",
    {
      schema: {
        operationId: "adminSaveTerms",
        summary: "Publish the terms and conditions, or replace them",
        description:
          "The content is HTML: unsafe markup is removed before it is stored, and content with no text left " +
          "after that is 400 `validation`. `GET /api/terms` answers the new terms at once. Audited.",
        body: adminTermsBodySchema,
        response: { 200: termsResponseSchema },
      },
    },
    (request) => adminContentService.saveTerms(requireMember(request).user, request.body),
  );

  app.delete(
    "/terms",
    {
      schema: {
        operationId: "adminDeleteTerms",
        summary: "Withdraw the terms and conditions",
        description:
          "`GET /api/terms` then answers 404 until terms are published again; 404 `not_found` here when there " +
          "are none. Audited.",
        errors: ["not_found"],
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminContentService.deleteTerms(requireMember(request).user);
      return { success: true as const };
    },
  );

  app.get(
    "/help-content",
    {
      schema: {
        operationId: "adminListHelpContent",
        summary: "Every help text, by section name",
        response: { 200: adminHelpContentListSchema },
      },
    },
    () => adminContentService.listHelp(),
  );

  app.post(
    "/help-content",
    {
      schema: {
        operationId: "adminCreateHelpContent",
        summary: "Add the help text of a section",
        description: "A section has at most one help text: 409 `conflict` when it has one already. Audited.",
        errors: ["conflict"],
        body: helpContentBodySchema,
        response: { 201: adminHelpContentSchema },
      },
    },
    async (request, reply) => {
      const help = await adminContentService.createHelp(requireMember(request).user, request.body);
      return reply.status(201).send(help);
    },
  );

  app.put(
    "/help-content/:sectionName",
    {
      schema: {
        operationId: "adminUpdateHelpContent",
        summary: "Replace the title and text of a section's help",
        description: "The section name is the key and stays. Audited with the fields that changed.",
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
    {
      schema: {
        operationId: "adminDeleteHelpContent",
        summary: "Delete a section's help text",
        description: "Audited.",
        params: helpSectionParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminContentService.deleteHelp(requireMember(request).user, request.params.sectionName);
      return { success: true as const };
    },
  );

  app.get(
    "/what-we-do-content",
    {
      schema: {
        operationId: "adminGetWhatWeDoContent",
        summary: "The What We Do text, for editing",
        description: "The built-in text until an administrator saves one.",
        response: { 200: whatWeDoSchema },
      },
    },
    () => adminContentService.whatWeDo(),
  );

  app.post(
    "/what-we-do-content",
    {
      schema: {
        operationId: "adminSaveWhatWeDoContent",
        summary: "Replace the What We Do text",
        description:
          "Plain text, stored trimmed and shown as text, never as HTML. `GET /api/what-we-do-content` answers it " +
          "at once. Audited when it changed.",
        body: whatWeDoBodySchema,
        response: { 200: whatWeDoSchema },
      },
    },
    (request) => adminContentService.saveWhatWeDo(requireMember(request).user, request.body.content),
  );
};

/**
 * Edit UI Section: the published API has it at `PATCH /api/sections/{id}` (here `{section}`, the public
 * read's name), beside the public reads, so it is registered outside the /api/admin scope and declares its
 * access itself.
 */
export const adminSectionsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminContentService }) => {
  app.addHook("onRoute", documentedUnder("Admin content"));

  app.patch(
    "/api/sections/:section",
    {
      config: { access: "admin" },
      schema: {
        operationId: "adminUpdateUiSection",
        summary: "Edit a UI section's name, code and texts",
        description:
          "The name is required; other fields left out stay, and a blank or null text clears it. The code and the name stay unique among sections, " +
          "and a built-in section keeps its name because member pages look it up by name: each refusal is 409 " +
          "`conflict` with the field in `fields`. Its help text follows a renamed section. Audited with the " +
          "fields that changed.",
        errors: ["conflict"],
        params: sectionIdParamsSchema,
        body: sectionPatchSchema,
        response: { 200: sectionSchema },
      },
    },
    (request) =>
      adminContentService.updateSection(requireMember(request).user, request.params.section, request.body),
  );
};
