import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { POST_MESSAGES, uploadImageResponseSchema } from "#contract/api/posts.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import { contentTypeOf } from "#server/lib/storage.ts";
import { ADMIN_SESSION_HEADER, requireMember } from "#server/plugins/auth.ts";
import type { UploadStream, UploadsService } from "./uploads.service.ts";

const UPLOAD_FIELD = "image";

/** How long a browser or CDN may keep the redirect to a public file's address in the store. */
const REDIRECT_CACHE = "public, max-age=86400";

type Options = { uploadsService: UploadsService };

/**
 * What the multipart parser raises for a malformed or truncated form is a plain error without a status: it is
 * the client's, a 400. Its own limits and a client that went away carry one and pass through.
 */
function clientsForm(err: unknown) {
  return err instanceof Error && !(err instanceof AppError) && !("statusCode" in err)
    ? new AppError("validation", POST_MESSAGES.malformedForm)
    : err;
}

async function readForm(request: FastifyRequest) {
  try {
    return await request.file();
  } catch (err) {
    throw clientsForm(err);
  }
}

function imageField(file: MultipartFile | undefined): UploadStream {
  if (!file || file.fieldname !== UPLOAD_FIELD) throw new AppError("validation", POST_MESSAGES.noFile);
  return file.file;
}

function imageViewerOf(request: FastifyRequest) {
  const auth = request.auth;
  if (!auth) return null;
  const adminToken = request.headers[ADMIN_SESSION_HEADER];
  return {
    userId: auth.user.id,
    sessionId: auth.sessionId,
    isAdmin: request.isAdmin,
    adminToken: typeof adminToken === "string" ? adminToken : undefined,
  };
}

export const uploadsRoutes: FastifyPluginAsyncZod<Options> = async (app, { uploadsService }) => {
  app.post(
    "/api/upload-image",
    {
      config: {
        access: "member",
        // Per member (the route needs a session, so the auth hook has set request.auth before this runs).
        rateLimit: {
          max: RATE_LIMITS.upload.max,
          timeWindow: RATE_LIMITS.upload.windowMs,
          keyGenerator: (request) => `upload:${request.auth?.user.id ?? request.ip}`,
        },
      },
      schema: { response: { 201: uploadImageResponseSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError("unsupported_type", 'Send the image as multipart/form-data in the field "image"');
      }
      const input = imageField(await readForm(request));
      // A form that breaks off in the image fails the image's own stream (not the storing of it).
      let formBroke = false;
      input.on("error", () => {
        formBroke = true;
      });
      try {
        const result = await uploadsService.upload(requireMember(request).user.id, input);
        return reply.status(201).send(result);
      } catch (err) {
        throw formBroke || input.errored ? clientsForm(err) : err;
      }
    },
  );

  app.get(
    "/uploads/:name",
    // Open to anyone: the uploads service decides who may see a private original.
    { config: { access: "public" }, schema: { params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await uploadsService.resolve(request.params.name, imageViewerOf(request));
      if (!file) throw new AppError("not_found", "Image not found");
      if ("location" in file)
        return reply.header("cache-control", REDIRECT_CACHE).redirect(file.location, 302);
      // Only what depends on the viewer varies with their credentials; public files are one shared copy.
      if (file.cacheControl.startsWith("private")) reply.header("vary", "Cookie, Authorization");
      return reply
        .header("content-type", contentTypeOf(file.name))
        .header("content-length", String(file.size))
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff")
        .send(file.stream());
    },
  );
};
