import { access } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asMember, registerMember } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { createTestApp } from "#server/test/test-app.ts";

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

type Uploaded = { imageUrl: string; scrambledImageUrl: string; thumbnailUrl: string };
const nameOf = (url: string) => url.replace("/uploads/", "");
/** Where an upload's three files must sit in the bucket: only the scrambled copy under public/. */
const keysOf = (u: Uploaded) =>
  [
    `private/${nameOf(u.imageUrl)}`,
    `private/${nameOf(u.thumbnailUrl)}`,
    `public/${nameOf(u.scrambledImageUrl)}`,
  ].sort();

describe("uploads on an S3-compatible store (S3_* set)", () => {
  it("stores the files in the bucket only, serves them back byte for byte, and account deletion removes them", async () => {
    const t = await createTestApp({ config: { s3: s3.settings } });
    const other = await registerMember(t);
    const { cookie } = await registerMember(t);
    const theirs: Uploaded = (await uploadImage(t, other.cookie, await png())).json();
    const res = await uploadImage(t, cookie, await png(400, 300));
    expect(res.statusCode).toBe(201);
    const mine: Uploaded = res.json();

    expect(await s3.objects()).toEqual(expect.arrayContaining([...keysOf(mine), ...keysOf(theirs)]));
    await expect(access(path.join(t.dataDir, "uploads"))).rejects.toThrow(); // nothing on the local disk
    // The scrambled copy's public key leads to no other object: each file's name is random on its own.
    const scrambledBase = nameOf(mine.scrambledImageUrl).replace("-scrambled.jpg", "");
    expect((await s3.objects()).filter((key) => key.includes(scrambledBase))).toEqual([
      `public/${nameOf(mine.scrambledImageUrl)}`,
    ]);

    for (const [url, key, type] of [
      [mine.imageUrl, `private/${nameOf(mine.imageUrl)}`, "image/png"],
      [mine.thumbnailUrl, `private/${nameOf(mine.thumbnailUrl)}`, "image/webp"],
      [mine.scrambledImageUrl, `public/${nameOf(mine.scrambledImageUrl)}`, "image/jpeg"],
    ] as const) {
      const served = await t.app.inject({ url, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(type);
      const stored = await s3.object(key);
      expect(stored.length).toBeGreaterThan(100);
      expect(served.rawPayload.equals(stored)).toBe(true);
    }
    // The access check still decides who sees an original that no post shows.
    expect((await t.app.inject({ url: mine.imageUrl, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );

    // A refused upload stores nothing.
    const before = await s3.objects();
    const refused = await uploadImage(t, cookie, Buffer.from("not a picture"), "notes.jpg");
    expect(refused.statusCode).toBe(415);
    expect(await s3.objects()).toEqual(before);

    const deleted = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) });
    expect(deleted.statusCode).toBe(200);
    const left = await s3.objects();
    for (const key of keysOf(mine)) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(keysOf(theirs)));
    expect((await t.app.inject({ url: mine.scrambledImageUrl })).statusCode).toBe(404);
  });

  it("with S3_PUBLIC_URL sends scrambled copies on to the store and serves originals only through the app", async () => {
    const t = await createTestApp({ config: { s3: { ...s3.settings, publicUrl: s3.bucketUrl } } });
    const stranger = await registerMember(t);
    const { cookie } = await registerMember(t);
    const mine: Uploaded = (await uploadImage(t, cookie, await png())).json();

    const scrambled = await t.app.inject({ url: mine.scrambledImageUrl });
    expect(scrambled.statusCode).toBe(302);
    expect(scrambled.headers.location).toBe(`${s3.bucketUrl}/public/${nameOf(mine.scrambledImageUrl)}`);
    const fromStore = await fetch(String(scrambled.headers.location));
    expect(fromStore.status).toBe(200);
    expect(
      Buffer.from(await fromStore.arrayBuffer()).equals(
        await s3.object(`public/${nameOf(mine.scrambledImageUrl)}`),
      ),
    ).toBe(true);
    // The page may show images from the store's address.
    expect(String(scrambled.headers["content-security-policy"])).toContain(
      `img-src 'self' data: blob: ${new URL(s3.bucketUrl).origin}`,
    );

    const original = await t.app.inject({ url: mine.imageUrl, headers: { cookie } });
    expect(original.statusCode).toBe(200);
    expect(original.headers.location).toBeUndefined();
    expect(original.headers["cache-control"]).toBe("private, no-cache");
    expect(
      (await t.app.inject({ url: mine.imageUrl, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: mine.thumbnailUrl })).statusCode).toBe(404);
  });

  it("lets the owner revalidate a private original from the store's ETag and Last-Modified, answering 304", async () => {
    const t = await createTestApp({ config: { s3: s3.settings } });
    const stranger = await registerMember(t);
    const { cookie } = await registerMember(t);
    const mine: Uploaded = (await uploadImage(t, cookie, await png())).json();

    const first = await t.app.inject({ url: mine.imageUrl, headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const conditions: Record<string, string>[] = [
      { "if-none-match": etag },
      { "if-modified-since": lastModified },
    ];
    for (const condition of conditions) {
      const again = await t.app.inject({ url: mine.imageUrl, headers: { cookie, ...condition } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("private, no-cache");
      const theirs = await t.app.inject({
        url: mine.imageUrl,
        headers: { cookie: stranger.cookie, ...condition },
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.headers.etag).toBeUndefined();
    }
    const other = await t.app.inject({
      url: mine.imageUrl,
      headers: { cookie, "if-none-match": '"another"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
