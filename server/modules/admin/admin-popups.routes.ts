import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { POPUP_NAMES, popupBodySchema } from "#contract/api/admin-settings.ts";
import { popupSchema } from "#contract/api/content.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";

type Options = { adminSettingsService: AdminSettingsService };

/**
 * The popup editors' writes: `PUT /api/{greetings,saved-images,hide-searches}-popup` (spec 2 §7 puts them
 * beside the public reads, outside /api/admin), so each declares `access: "admin"` itself.
 */
export const adminPopupsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminSettingsService }) => {
  for (const name of POPUP_NAMES) {
    app.put(
      `/api/${name}-popup`,
      {
        config: { access: "admin" },
        schema: { body: popupBodySchema(name), response: { 200: popupSchema } },
      },
      (request) => adminSettingsService.setPopup(requireMember(request).user, name, request.body),
    );
  }
};
