import type { MultipartFile } from "@fastify/multipart";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { POST_MESSAGES, uploadImageResponseSchema } from "#contract/api/posts.ts";
import { AppError } from "#server/lib/app-error.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { UploadsService } from "./uploads.service.ts";

const UPLOAD_FIELD = "image";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

type Options = { uploadsService: UploadsService };

async function readImageField(file: MultipartFile | undefined): Promise<Buffer> {
  if (!file || file.fieldname !== UPLOAD_FIELD) throw new AppError("validation", POST_MESSAGES.noFile);
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as FastifyError).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("file_too_large", POST_MESSAGES.fileTooLarge);
    }
    throw err;
  }
}

export const uploadsRoutes: FastifyPluginAsyncZod<Options> = async (app, { uploadsService }) => {
  app.post(
    "/api/upload-image",
    { config: { access: "member" }, schema: { response: { 201: uploadImageResponseSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError("unsupported_type", 'Send the image as multipart/form-data in the field "image"');
      }
      const input = await readImageField(await request.file());
      const result = await uploadsService.upload(requireMember(request).user.id, input);
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/uploads/:name",
    // Open to anyone: the uploads service decides who may see a private original.
    { config: { access: "public" }, schema: { params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const auth = request.auth;
      const viewer = auth ? { userId: auth.user.id, isAdmin: request.isAdmin } : null;
      const file = await uploadsService.resolve(request.params.name, viewer);
      if (!file) throw new AppError("not_found", "Image not found");
      const extension = file.name.split(".").pop() ?? "";
      return reply
        .header("content-type", TYPES[extension] ?? "application/octet-stream")
        .header("content-length", String(file.size))
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff")
        .header("vary", "Cookie, Authorization")
        .send(file.stream());
    },
  );
};
