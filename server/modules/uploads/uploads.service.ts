import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { POST_MESSAGES, type UploadImageResponse } from "#contract/api/posts.ts";
import { AppError } from "#server/lib/app-error.ts";
import { type ProcessedImage, processImage } from "#server/lib/images/image-pipeline.ts";
import type { ProcessingQueue } from "#server/lib/processing-queue.ts";
import type { Storage } from "#server/lib/storage.ts";
import { streamToTempFile } from "#server/lib/temp-file.ts";
import type { UploadsRepository } from "./uploads.repository.ts";

const UPLOADS_URL_PREFIX = "/uploads/";
/** How long an upload may wait to be used in a post before the clean-up job removes it. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const CACHE_FOREVER = "public, max-age=31536000, immutable";
/** Originals may be served scrambled to some viewers and the owner may toggle that, so browsers revalidate. */
const CACHE_PRIVATE = "private, no-cache";

type Viewer = { userId: string; isAdmin: boolean } | null;

/** An upload's body as it arrives; `truncated` is set when it went past the size limit. */
export type UploadStream = Readable & { truncated?: boolean };

type Deps = {
  uploadsRepo: UploadsRepository;
  storage: Storage;
  queue: ProcessingQueue;
  /** Where bodies are streamed before processing (DATA_DIR/tmp in the app). */
  tempDir?: string;
};

export function createUploadsService({
  uploadsRepo,
  storage,
  queue,
  tempDir = path.join(tmpdir(), "tagit-uploads"),
}: Deps) {
  const urlOf = (name: string) => `${UPLOADS_URL_PREFIX}${name}`;

  return {
    /**
     * Refuses at once when the queue is full (before the body is read), streams the body to a temporary
     * file — so neither waiting nor arriving uploads hold it in memory — runs the image pipeline in the
     * bounded queue and stores the three files. Nothing is left behind on failure.
     */
    async upload(userId: string, input: UploadStream): Promise<UploadImageResponse> {
      try {
        queue.ensureCapacity();
      } catch (err) {
        input.resume(); // discard the body as it arrives, keeping none of it
        throw err;
      }
      const temp = await streamToTempFile(input, tempDir);
      let image: ProcessedImage;
      try {
        if (input.truncated) throw new AppError("file_too_large", POST_MESSAGES.fileTooLarge);
        image = await queue.run(() => processImage(temp.path));
      } finally {
        await temp.remove();
      }
      const base = storage.newBaseName();
      const names = {
        original: `${base}.${image.original.extension}`,
        thumbnail: `${base}-thumb.${image.thumbnail.extension}`,
        scrambled: `${base}-scrambled.${image.scrambled.extension}`,
      };
      try {
        await storage.write(names.original, image.original.data);
        await storage.write(names.thumbnail, image.thumbnail.data);
        await storage.write(names.scrambled, image.scrambled.data);
        await uploadsRepo.insert({
          userId,
          originalPath: urlOf(names.original),
          thumbnailPath: urlOf(names.thumbnail),
          scrambledPath: urlOf(names.scrambled),
          width: image.width,
          height: image.height,
          bytes: image.original.data.length,
        });
      } catch (err) {
        await storage.remove(Object.values(names));
        throw err;
      }
      return {
        imageUrl: urlOf(names.original),
        scrambledImageUrl: urlOf(names.scrambled),
        thumbnailUrl: urlOf(names.thumbnail),
        width: image.width,
        height: image.height,
      };
    },

    /**
     * Which file a viewer gets for /uploads/<name>. Scrambled copies are public. An original (or its
     * thumbnail) goes to its owner and admins; an avatar or wallpaper to everyone; to others only when a post
     * shows it unscrambled —
     * for a scrambled post they get the scrambled copy instead, and an unpublished upload is a 404.
     */
    async resolve(name: string, viewer: Viewer) {
      const upload = await uploadsRepo.findByAnyPath(urlOf(name));
      if (!upload) return undefined;
      const serve = async (path: string, cacheControl: string) => {
        const file = await storage.open(path.slice(UPLOADS_URL_PREFIX.length));
        return file && { ...file, name: path, cacheControl };
      };
      if (upload.scrambledPath === urlOf(name)) return serve(upload.scrambledPath, CACHE_FOREVER);
      if (viewer && (viewer.isAdmin || viewer.userId === upload.userId))
        return serve(urlOf(name), CACHE_PRIVATE);
      if (upload.originalPath === urlOf(name) && (await uploadsRepo.isProfileImage(upload.originalPath))) {
        return serve(urlOf(name), CACHE_FOREVER);
      }
      const posts = await uploadsRepo.postsUsing(upload.originalPath);
      if (posts.length === 0) return undefined;
      if (posts.every((post) => !post.scrambleImage)) return serve(urlOf(name), CACHE_PRIVATE);
      return serve(upload.scrambledPath, CACHE_PRIVATE);
    },

    /** Removes uploads no post has used for a day (left behind on the create-post page), files included. */
    async deleteUnused(now: Date) {
      const files = await uploadsRepo.deleteUnusedBefore(new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS));
      await storage.remove(files.map((p) => p.slice(UPLOADS_URL_PREFIX.length)));
      return { removedFiles: files.length };
    },

    /** The member's own upload with these two files: a post may show only its poster's uploads. */
    findOwned: (userId: string, originalPath: string, scrambledPath: string) =>
      uploadsRepo.findOwned(userId, originalPath, scrambledPath),

    /** Whether this member uploaded the image (avatars and wallpapers must be their own uploads). */
    ownsOriginal: async (userId: string, originalPath: string) =>
      Boolean(await uploadsRepo.findOwnedOriginal(userId, originalPath)),

    /** Deletes stored files of uploads no post uses any more. */
    removeFiles: (paths: string[]) =>
      storage.remove(paths.filter(Boolean).map((p) => p.slice(UPLOADS_URL_PREFIX.length))),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
