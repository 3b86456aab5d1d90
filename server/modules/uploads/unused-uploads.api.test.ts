import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { uploads } from "#server/db/schema/index.ts";
import { createLocalStorage } from "#server/lib/local-storage.ts";
import { createProcessingQueue } from "#server/lib/processing-queue.ts";
import { createPost, registerMember } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp } from "#server/test/test-app.ts";
import { createUploadsRepository } from "./uploads.repository.ts";
import { createUploadsService, UNUSED_UPLOAD_GRACE_MS } from "./uploads.service.ts";

describe("the unused-uploads clean-up job", () => {
  it("removes uploads no post used within a day, with their files, and keeps everything else", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    await createPost(t, member, "Kept");
    const abandoned = (await uploadImage(t, member.cookie, await png())).json();
    const uploadsDir = path.join(t.dataDir, "uploads");
    const service = createUploadsService({
      uploadsRepo: createUploadsRepository(t.db),
      storage: createLocalStorage(uploadsDir),
      queue: createProcessingQueue({ concurrency: 1, maxWaiting: 1, busyMessage: POST_MESSAGES.busy }),
      adminSessionValid: async () => false,
      isBlocked: async () => false,
    });

    expect(await service.deleteUnused(new Date())).toEqual({ removedFiles: 0 });
    const later = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 60_000);
    expect(await service.deleteUnused(later)).toEqual({ removedFiles: 3 });

    expect(await t.db.select().from(uploads)).toHaveLength(1);
    const files = await readdir(uploadsDir);
    expect(files).toHaveLength(3);
    expect(files.some((file) => abandoned.imageUrl.endsWith(file))).toBe(false);
    expect(await service.deleteUnused(later)).toEqual({ removedFiles: 0 });
  });
});
