import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { POST_MESSAGES, type UploadImageResponse } from "#contract/api/posts.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import { asksToRevalidate, type HeldCopy, holdsCurrentCopy } from "#server/lib/conditional-get.ts";
import { type ProcessedImage, processImage } from "#server/lib/images/image-pipeline.ts";
import type { ProcessingQueue } from "#server/lib/processing-queue.ts";
import type { FileVersion, Storage, StoredFile } from "#server/lib/storage.ts";
import { streamToTempFile } from "#server/lib/temp-file.ts";
import { createUploadsRepository, type UploadsRepository } from "./uploads.repository.ts";

const UPLOADS_URL_PREFIX = "/uploads/";
/** How long an upload may wait to be used in a post before the clean-up job removes it. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/** Scrambled copies, public whatever happens to their post: their random names never change content. */
const CACHE_FOREVER = "public, max-age=31536000, immutable";
/**
 * Originals, avatars and wallpapers included: who may see one depends on the viewer and may change (a post
 * hidden, scrambled, deleted; a new avatar; the owner blocks the viewer or is hidden), so only the viewer's own
 * browser keeps a copy, and revalidates it at every use (by its ETag: a 304 while it holds the file it would
 * get).
 */
const CACHE_PRIVATE = "private, no-cache";

/** A signed-in viewer; `adminToken` is the `x-admin-session` they sent, if any. */
type Viewer = { userId: string; sessionId: string; isAdmin: boolean; adminToken?: string } | null;

/**
 * The file to send; or, when the viewer's copy is this file (`unchanged`), only its validators for a 304; or
 * the public address that serves it.
 */
type ResolvedImage =
  | (StoredFile & { unchanged: false; name: string; cacheControl: string })
  | (FileVersion & { unchanged: true; cacheControl: string })
  | { location: string };

/** An upload's body as it arrives; `truncated` is set when it went past the size limit. */
export type UploadStream = Readable & { truncated?: boolean };

type Deps = {
  uploadsRepo: UploadsRepository;
  storage: Storage;
  queue: ProcessingQueue;
  adminSessionValid: (adminToken: string, sessionId: string) => Promise<boolean>;
  /** Whether the owner blocked the viewer: then none of the owner's images exists for them. */
  isBlocked: (ownerId: string, viewerId: string) => Promise<boolean>;
  /** Where bodies are streamed before processing (DATA_DIR/tmp in the app). */
  tempDir?: string;
};

export function createUploadsService({
  uploadsRepo,
  storage,
  queue,
  adminSessionValid,
  isBlocked,
  tempDir = path.join(tmpdir(), "tagit-uploads"),
}: Deps) {
  const urlOf = (name: string) => `${UPLOADS_URL_PREFIX}${name}`;
  const hasAdminSession = async (viewer: NonNullable<Viewer>) =>
    viewer.isAdmin &&
    viewer.adminToken !== undefined &&
    adminSessionValid(viewer.adminToken, viewer.sessionId);

  return {
    /**
     * Refuses at once when the queue is full (before the body is read), streams the body to a temporary
     * file — so neither waiting nor arriving uploads hold it in memory — runs the image pipeline in the
     * bounded queue and stores the three files, each under its own random name. Nothing is left behind on
     * failure.
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
      // Each file gets a random name of its own: the scrambled copy's public address must not lead to the
      // original's, nor either to the thumbnail's.
      const names = {
        original: `${storage.newBaseName()}.${image.original.extension}`,
        thumbnail: `${storage.newBaseName()}-thumb.${image.thumbnail.extension}`,
        scrambled: `${storage.newBaseName()}-scrambled.${image.scrambled.extension}`,
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
     * Which file a viewer gets for /uploads/<name>, and how it may be cached. Scrambled copies, avatars and
     * wallpapers are for everyone (only scrambled copies may be cached for ever). Any other original (or its thumbnail) goes to its owner and to administrators
     * with an admin session; to others only while a post shows it that search could find (visible, its
     * owner and their tagg not hidden) — the scrambled copy instead when such a post is scrambled. Anything
     * else is a 404, so a hidden post's image cannot be fetched by someone who kept its address. A scrambled
     * copy asked for by its own name is sent on to the store's public address when the store has one.
     * `held` is the copy the viewer revalidates: it is compared only once the viewer may see the file, with
     * the file they would get (the scrambled copy's tag is not the original's), so a 304 says nothing to
     * anyone who would get a 404. A member the owner blocked gets a 404 for every image of the owner's, public
     * ones included (those the store serves at its public address excepted: nobody asks the app for them).
     */
    async resolve(name: string, viewer: Viewer, held: HeldCopy = {}): Promise<ResolvedImage | undefined> {
      const path = urlOf(name);
      const upload = await uploadsRepo.findByAnyPath(path);
      if (!upload) return undefined;
      if (viewer && viewer.userId !== upload.userId && (await isBlocked(upload.userId, viewer.userId))) {
        return undefined;
      }
      const serve = async (servedPath: string, cacheControl: string): Promise<ResolvedImage | undefined> => {
        const storedName = servedPath.slice(UPLOADS_URL_PREFIX.length);
        if (asksToRevalidate(held)) {
          const version = await storage.stat(storedName);
          if (!version) return undefined;
          if (holdsCurrentCopy(held, version)) return { ...version, unchanged: true, cacheControl };
        }
        const file = await storage.open(storedName);
        return file && { ...file, unchanged: false, name: servedPath, cacheControl };
      };
      if (upload.scrambledPath === path) {
        const location = storage.publicUrl(name);
        return location ? { location } : serve(path, CACHE_FOREVER);
      }
      if (upload.originalPath === path && (await uploadsRepo.isProfileImage(path))) {
        return serve(path, CACHE_PRIVATE);
      }
      if (viewer && (viewer.userId === upload.userId || (await hasAdminSession(viewer)))) {
        return serve(path, CACHE_PRIVATE);
      }
      const posts = await uploadsRepo.findablePostsUsing(upload.originalPath);
      if (posts.length === 0) return undefined;
      if (posts.every((post) => !post.scrambleImage)) return serve(path, CACHE_PRIVATE);
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

    /**
     * The originals of the member's own uploads that their posts, avatar or wallpaper show (their data export),
     * oldest first: each one's stored name, and a way to open it when its turn comes (undefined when the file
     * is gone), so no file is held open before it is read.
     */
    async originalsOf(
      userId: string,
    ): Promise<{ name: string; open: () => Promise<StoredFile | undefined> }[]> {
      const paths = await uploadsRepo.originalsShownBy(userId);
      return paths.map((original) => {
        const name = original.slice(UPLOADS_URL_PREFIX.length);
        return { name, open: () => storage.open(name) };
      });
    },

    /**
     * Deletes the uploads of these originals, which no post uses any more, on the posts' deletion transaction;
     * answers their files, for `removeFiles` once it has committed.
     */
    deleteOriginals: (originalPaths: string[], tx: Tx) =>
      createUploadsRepository(tx).deleteOriginals(originalPaths),

    /** Deletes stored files of uploads no post uses any more. */
    removeFiles: (paths: string[]) =>
      storage.remove(paths.filter(Boolean).map((p) => p.slice(UPLOADS_URL_PREFIX.length))),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
