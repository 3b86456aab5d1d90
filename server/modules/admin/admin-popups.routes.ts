import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  POPUP_HTML_MAX_LENGTH,
  POPUP_TEXT_MAX_LENGTH,
  popupBodySchema,
} from "#contract/api/admin-settings.ts";
import { popupSchema } from "#contract/api/content.ts";
import { HTML_POPUPS, POPUP_NAMES, type PopupName, popupUrl } from "#contract/popups.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";

type Options = { adminSettingsService: AdminSettingsService };

/** Each popup's operation in the API document, and what it is for a member. */
const DOCUMENTED: Record<PopupName, { operationId: string; what: string }> = {
  greetings: { operationId: "adminUpdateGreetingsPopup", what: "the greetings popup" },
  "saved-images": { operationId: "adminUpdateSavedImagesPopup", what: "the saved-images popup" },
  "hide-searches": { operationId: "adminUpdateHideSearchesPopup", what: "the hide-searches popup" },
};

/** What the document says of a popup's content: HTML (sanitized) or plain text, and its length. */
const contentRule = (name: PopupName) =>
  HTML_POPUPS.includes(name)
    ? `The content is HTML, at most ${POPUP_HTML_MAX_LENGTH} characters; unsafe markup is removed before it is stored.`
    : `The content is plain text, at most ${POPUP_TEXT_MAX_LENGTH} characters.`;

/**
 * The popup editors' writes: `PUT /api/{greetings,saved-images,hide-searches}-popup`, beside the public reads
 * outside /api/admin, so each declares `access: "admin"` itself.
 */
export const adminPopupsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminSettingsService }) => {
  app.addHook("onRoute", documentedUnder("Admin content"));

  for (const name of POPUP_NAMES) {
    app.put(
      popupUrl(name),
      {
        config: { access: "admin" },
        schema: {
          operationId: DOCUMENTED[name].operationId,
          summary: `Change ${DOCUMENTED[name].what} or turn it off`,
          description:
            `${contentRule(name)} It is required while the popup is on and may be empty while it is off. ` +
            `\`GET /api/${name}-popup\` answers the new popup at once. Audited with the values that changed.`,
          body: popupBodySchema(name),
          response: { 200: popupSchema },
        },
      },
      (request) => adminSettingsService.setPopup(requireMember(request).user, name, request.body),
    );
  }
};
