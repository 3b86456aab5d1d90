import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { createLocalStorage } from "#server/lib/local-storage.ts";
import { createProcessingQueue } from "#server/lib/processing-queue.ts";
import { createUploadsRepository } from "#server/modules/uploads/uploads.repository.ts";
import { createUploadsService, UNUSED_UPLOAD_GRACE_MS } from "#server/modules/uploads/uploads.service.ts";
import { asMember, registerMember } from "#server/test/factories.ts";
import { jpegWithGps, png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const put = (t: TestApp, cookie: string, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/profile", headers: asMember(cookie), payload });

describe("avatar and wallpaper", () => {
  it("uses the member's own metadata-free uploads, shows them to everyone and keeps them from the clean-up job", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const stranger = await registerMember(t);
    const avatar = (await uploadImage(t, ada.cookie, await jpegWithGps(300, 300))).json();
    const wallpaper = (await uploadImage(t, ada.cookie, await png(800, 300))).json();

    const res = await put(t, ada.cookie, {
      profilePictureUrl: avatar.imageUrl,
      wallpaperUrl: wallpaper.imageUrl,
      wallpaperPosition: "10,90",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profilePictureUrl: avatar.imageUrl,
      wallpaperUrl: wallpaper.imageUrl,
    });

    const seen = await t.app.inject({ url: avatar.imageUrl, headers: { cookie: stranger.cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.toString("latin1")).not.toContain("Secret Model");

    const service = createUploadsService({
      uploadsRepo: createUploadsRepository(t.db),
      storage: createLocalStorage(`${t.dataDir}/uploads`),
      queue: createProcessingQueue({ concurrency: 1, maxWaiting: 1, busyMessage: POST_MESSAGES.busy }),
      adminSessionValid: async () => false,
      isBlocked: async () => false,
    });
    expect(await service.deleteUnused(new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS * 2))).toEqual({
      removedFiles: 0,
    });

    const cleared = await put(t, ada.cookie, { profilePictureUrl: null });
    expect(cleared.json().profilePictureUrl).toBeNull();
    expect(
      (await t.app.inject({ url: avatar.imageUrl, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(404);
  });

  it("refuses another member's upload or a made-up path, changing nothing", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    const bobs = (await uploadImage(t, bob.cookie, await png())).json();
    const stolen = await put(t, ada.cookie, { profilePictureUrl: bobs.imageUrl });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(POST_MESSAGES.imageNotYours);
    const madeUp = await put(t, ada.cookie, { wallpaperUrl: "https://evil.example/x.png" });
    expect(madeUp.statusCode).toBe(400);
    const me = (await t.app.inject({ url: "/api/profile", headers: { cookie: ada.cookie } })).json();
    expect(me).toMatchObject({ profilePictureUrl: null, wallpaperUrl: null });
  });
});
