import { once } from "node:events";
import { readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { createProcessingQueue } from "#server/lib/processing-queue.ts";
import { registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp } from "#server/test/test-app.ts";

const leftovers = async (dir: string) => readdir(dir).catch(() => [] as string[]);

describe("POST /api/upload-image under load", () => {
  it("refuses an upload when the image queue is full without waiting for its body", async () => {
    const queue = createProcessingQueue({ concurrency: 1, maxWaiting: 1, busyMessage: POST_MESSAGES.busy });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const hold = () => gate;
    const busy = [queue.run(hold), queue.run(hold)]; // one running, one waiting: the queue is full
    const t = await createTestApp({ imageQueue: queue });
    const { cookie } = await registerMember(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;

    // A 12 MB upload whose body is still arriving: only its first bytes are sent.
    const boundary = "----tagit-stalled";
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/upload-image",
      headers: {
        ...SAME_ORIGIN,
        cookie,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(12 * 1024 * 1024),
      },
    });
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    req.write(Buffer.alloc(64 * 1024));
    const [res] = (await once(req, "response")) as [import("node:http").IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    req.destroy();
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual({
      error: POST_MESSAGES.busy,
      code: "unavailable",
    });

    open();
    await Promise.all(busy);
    expect(await leftovers(path.join(t.dataDir, "tmp"))).toEqual([]);
  });

  it("streams the body to a temporary file and removes it, whether the upload succeeds or fails", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    expect((await uploadImage(t, cookie, await png())).statusCode).toBe(201);
    const notAnImage = await uploadImage(t, cookie, Buffer.from("plain words"), "a.png", "image/png");
    expect(notAnImage.statusCode).toBe(415);
    const tooLarge = await uploadImage(t, cookie, Buffer.alloc(21 * 1024 * 1024));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: POST_MESSAGES.fileTooLarge, code: "file_too_large" });
    expect(await leftovers(path.join(t.dataDir, "tmp"))).toEqual([]);
  });

  it("limits uploads per member: past the budget a 429 rate_limited, while other members still upload", async () => {
    const t = await createTestApp();
    const greedy = await registerMember(t);
    const other = await registerMember(t);
    const notAnImage = Buffer.from("plain words");
    for (let i = 0; i < RATE_LIMITS.upload.max; i++) {
      expect((await uploadImage(t, greedy.cookie, notAnImage)).statusCode).toBe(415);
    }
    const limited = await uploadImage(t, greedy.cookie, await png());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "rate_limited" });
    expect((await uploadImage(t, other.cookie, await png())).statusCode).toBe(201);
  });
});
