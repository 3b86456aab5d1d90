import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { POST_MESSAGES, uploadImageResponseSchema } from "#contract/api/posts.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import { ADMIN_SESSION_HEADER, requireMember } from "#server/plugins/auth.ts";
import type { UploadStream, UploadsService } from "./uploads.service.ts";

const UPLOAD_FIELD = "image";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

type Options = { uploadsService: UploadsService };

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
      const input = imageField(await request.file());
      const result = await uploadsService.upload(requireMember(request).user.id, input);
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/uploads/:name",
    // Open to anyone: the uploads service decides who may see a private original.
    { config: { access: "public" }, schema: { params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await uploadsService.resolve(request.params.name, imageViewerOf(request));
      if (!file) throw new AppError("not_found", "Image not found");
      const extension = file.name.split(".").pop() ?? "";
      // Only what depends on the viewer varies with their credentials; public files are one shared copy.
      if (file.cacheControl.startsWith("private")) reply.header("vary", "Cookie, Authorization");
      return reply
        .header("content-type", TYPES[extension] ?? "application/octet-stream")
        .header("content-length", String(file.size))
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff")
        .send(file.stream());
    },
  );
};
