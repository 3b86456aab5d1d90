import type { FastifyReply, FastifySchema } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATA_EXPORT_URL } from "#contract/api/data-export.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { type DataExportService, ExportTooSoonError } from "./data-export.service.ts";

const exportSchema = {
  operationId: "exportOwnData",
  summary: "Download everything Tagit stores about me, as a zip",
  description:
    "A zip streamed as it is made: `README.txt` (what each file holds), `profile.json`, `posts.json`, " +
    "`search-history.json`, `analytics.json`, `invoices.json`, `affiliate.json`, `blocks.json`, " +
    "`sessions.json` — each in the shape of the operation that lists it — and `images/` with the original of " +
    "each image the member's posts, picture and wallpaper show. Always the caller's own data: nothing in the " +
    "query changes it. One export may begin an hour: 429 `rate_limited` with `Retry-After` (seconds) until " +
    "then; an export that fails on the server's side does not count. `HEAD` answers the same status and " +
    "headers without beginning one, so a client can ask first. A request another site sent " +
    "(`Sec-Fetch-Site: cross-site` or `same-site`: a link or an image on another page) is refused with 403 " +
    "`forbidden_origin` and begins nothing.",
  errors: ["rate_limited", "forbidden_origin"],
  querystring: z.looseObject({}),
  response: {
    200: {
      description: "The archive (`Content-Disposition: attachment`).",
      content: {
        "application/zip": {
          schema: z.string().describe("A zip archive (ZIP64 when it grows past 4 GiB)."),
        },
      },
    },
  },
} satisfies FastifySchema;

function attachment(reply: FastifyReply, fileName: string) {
  return reply
    .type("application/zip")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store");
}

/** `GET /api/profile/export`: the member's data export (decision 048); its own module, beside profile's paths. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ dataExportService: DataExportService }> = async (
  app,
  { dataExportService },
) => {
  app.addHook("onRoute", documentedUnder("Safety"));

  app.get(
    DATA_EXPORT_URL,
    { config: { access: "member", beginsWork: true }, compress: false, schema: exportSchema },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      if (request.method === "HEAD") {
        const { fileName, retryAfterSeconds } = await dataExportService.ask(user);
        if (retryAfterSeconds > 0) throw new ExportTooSoonError(retryAfterSeconds);
        return attachment(reply, fileName).send();
      }
      const started = await dataExportService.start(user, sessionId);
      started.outcome.then(
        (outcome) => request.log.info({ outcome }, "data export ended"),
        (err: unknown) => request.log.error({ err }, "data export failed; its hour was given back"),
      );
      return attachment(reply, started.fileName).send(started.archive);
    },
  );
};
