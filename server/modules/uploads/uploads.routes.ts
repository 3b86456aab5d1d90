import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { POST_MESSAGES, uploadImageResponseSchema } from "#contract/api/posts.ts";
import { MAX_UPLOAD_BYTES, RATE_LIMITS } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import { clientKey } from "#server/lib/client-address.ts";
import { MAX_INPUT_PIXELS } from "#server/lib/images/image-pipeline.ts";
import { contentTypeOf } from "#server/lib/storage.ts";
import type { OpenApiRequestBody } from "#server/plugins/api-docs/api-docs.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { ADMIN_SESSION_HEADER, requireMember } from "#server/plugins/auth.ts";
import { routeLimit } from "#server/plugins/route-limit.ts";
import type { UploadStream, UploadsService } from "./uploads.service.ts";

const UPLOAD_FIELD = "image";

/** How long a browser or CDN may keep the redirect to a public file's address in the store. */
const REDIRECT_CACHE = "public, max-age=86400";

type Options = { uploadsService: UploadsService };

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
const MAX_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;

/** The upload's body as the document shows it: the route reads the multipart form itself. */
const UPLOAD_BODY: OpenApiRequestBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: [UPLOAD_FIELD],
        properties: {
          [UPLOAD_FIELD]: {
            type: "string",
            // OpenAPI 3.1's way to say "a file", and 3.0's (`format: binary`), which generators still read.
            format: "binary",
            contentMediaType: "application/octet-stream",
            description: `One JPEG, PNG, GIF or WebP image, at most ${MAX_UPLOAD_MB} MiB and ${MAX_MEGAPIXELS} megapixels.`,
          },
        },
      },
    },
  },
};

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
  app.addHook("onRoute", documentedUnder("Uploads"));

  app.post(
    "/api/upload-image",
    {
      config: {
        access: "member",
        // Per member (the route needs a session, so the auth hook has set request.auth before this runs).
        rateLimit: routeLimit(
          RATE_LIMITS.upload,
          (request) => `upload:${request.auth?.user.id ?? clientKey(request.ip)}`,
        ),
      },
      schema: {
        operationId: "uploadImage",
        summary: "Upload an image for a post, an avatar or a wallpaper",
        description:
          "Stores the image re-encoded (rotated upright, longest side capped, metadata such as GPS removed) " +
          "with a thumbnail and a scrambled copy, and answers their addresses; use them in " +
          "`createTaggedPost` or `updateProfile`. An upload no post or profile uses within a day is removed. " +
          "Refused by its bytes, whatever its name says: 415 `unsupported_type` for another format, 413 " +
          "`file_too_large` past the size, 413 `too_large` past the pixels, 400 `validation` for a damaged " +
          "image, a malformed form or no `image` field. 503 `unavailable` while the server is busy with other images. Limited " +
          "per member.",
        errors: ["file_too_large"],
        requestBody: UPLOAD_BODY,
        response: { 201: uploadImageResponseSchema },
      },
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
      const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = request.headers;
      const file = await uploadsService.resolve(request.params.name, imageViewerOf(request), {
        ifNoneMatch,
        ifModifiedSince,
      });
      if (!file) throw new AppError("not_found", "Image not found");
      if ("location" in file)
        return reply.header("cache-control", REDIRECT_CACHE).redirect(file.location, 302);
      // Only what depends on the viewer varies with their credentials; public files are one shared copy.
      if (file.cacheControl.startsWith("private")) reply.header("vary", "Cookie, Authorization");
      reply
        .header("cache-control", file.cacheControl)
        .header("etag", file.etag)
        .header("last-modified", file.lastModified.toUTCString());
      if (file.unchanged) return reply.code(304).send();
      return reply
        .header("content-type", contentTypeOf(file.name))
        .header("content-length", String(file.size))
        .header("x-content-type-options", "nosniff")
        .send(file.stream());
    },
  );
};
