import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  helpContentSchema,
  popupSchema,
  sectionListSchema,
  sectionNameParamsSchema,
  sectionParamsSchema,
  sectionSchema,
  whatWeDoSchema,
} from "#contract/api/content.ts";
import { imageBannerSchema } from "#contract/api/posts.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import { popupUrl } from "#contract/popups.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import type { ContentService } from "./content.service.ts";

/** Content the admin panel writes and every visitor reads. */
const anyone = { access: "public" } as const;

/** The three popups, each with its own operation. */
const POPUPS = {
  greetings: {
    operationId: "getGreetingsPopup",
    summary: "Get the greeting shown after sign-in",
    description: "Shown once per session; `content` is plain text.",
  },
  "saved-images": {
    operationId: "getSavedImagesPopup",
    summary: "Get the dialog shown when an image is saved",
    description: "`content` is HTML, sanitized when it was saved.",
  },
  "hide-searches": {
    operationId: "getHideSearchesPopup",
    summary: "Get the dialog that explains how to hide my searches",
    description: "`content` is plain text.",
  },
} as const;

type Options = { contentService: ContentService; settingsService: SettingsService };

export const contentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { contentService, settingsService },
) => {
  app.addHook("onRoute", documentedUnder("Content"));

  for (const [name, docs] of Object.entries(POPUPS)) {
    const popup = name as keyof typeof POPUPS;
    app.get(popupUrl(popup), { config: anyone, schema: { ...docs, response: { 200: popupSchema } } }, () =>
      settingsService.popup(popup),
    );
  }

  app.get(
    "/api/what-we-do-content",
    {
      config: anyone,
      schema: {
        operationId: "getWhatWeDo",
        summary: "Get the What We Do text",
        description: "Plain text, to be shown as text, never as HTML.",
        response: { 200: whatWeDoSchema },
      },
    },
    () => contentService.whatWeDo(),
  );

  app.get(
    "/api/sections",
    {
      config: anyone,
      schema: {
        operationId: "listSections",
        summary: "List the UI sections",
        response: { 200: sectionListSchema },
      },
    },
    () => contentService.sections(),
  );

  app.get(
    "/api/sections/:section",
    {
      config: anyone,
      schema: {
        operationId: "getSection",
        summary: "Get one UI section by its name",
        params: sectionParamsSchema,
        response: { 200: sectionSchema },
      },
    },
    (request) => contentService.section(request.params.section),
  );

  app.get(
    "/api/help-content/:name",
    {
      config: anyone,
      schema: {
        operationId: "getHelpContent",
        summary: "Get the help text of a UI section",
        description: "404 `not_found` when the section has no help text.",
        params: sectionNameParamsSchema,
        response: { 200: helpContentSchema },
      },
    },
    (request) => contentService.help(request.params.name),
  );

  app.get(
    "/api/image-banner",
    {
      config: anyone,
      schema: {
        operationId: "getImageBanner",
        summary: "Get the banner drawn on downloaded post images",
        response: { 200: imageBannerSchema },
      },
    },
    () => settingsService.imageBanner(),
  );

  app.get(
    "/api/terms",
    {
      config: anyone,
      schema: {
        operationId: "getTerms",
        summary: "Get the terms and conditions",
        description:
          "`content` is HTML, sanitized when it was saved. While none are published: the default title, empty `content` and `updatedAt: null`.",
        response: { 200: termsResponseSchema },
      },
    },
    () => contentService.terms(),
  );
};
