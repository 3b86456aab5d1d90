import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { createDataExportService, ExportTooSoonError } from "./data-export.service.ts";

const NOW = new Date("2026-01-15T12:00:00Z");
const user = { id: "member-1" } as ProfileRow;
const version = { size: 4, etag: '"x"', lastModified: NOW };

/** The service over fakes: every list empty, one original whose bytes come from `image`. */
function exportWith(image: () => Readable, startedAt: Date | null = null) {
  const forgotten: [string, Date][] = [];
  const service = createDataExportService({
    profiles: {
      toProfile: () => ({ id: user.id }) as never,
      socialLinks: () => ({ platforms: {}, shortcuts: [] }),
      startDataExport: async (_id, _now, since) => startedAt === null || startedAt <= since,
      dataExportStartedAt: async () => startedAt,
      forgetDataExport: async (id, at) => {
        forgotten.push([id, at]);
      },
    },
    passkeys: { list: async () => [] },
    posts: { listOwn: async () => [] },
    uploads: {
      originalsOf: async () => [{ name: "a.jpg", open: async () => ({ ...version, stream: image }) }],
    },
    search: { wholeHistory: async function* () {} },
    analytics: { allForOwner: async function* () {} },
    subscriptions: { allInvoices: async () => [] },
    affiliate: { dashboard: async () => ({}) as never },
    blocks: { list: async () => [] },
    moderation: { listOwn: async () => [] },
    sessions: { listForUser: async () => [] },
    signInPlaces: { placesOf: async () => [] },
    clock: { now: () => NOW },
  });
  return { service, forgotten };
}

describe("the data export's hour", () => {
  it("refuses a second export within the hour, saying how many seconds remain", async () => {
    const { service } = exportWith(
      () => Readable.from([Buffer.from("jpeg")]),
      new Date(NOW.getTime() - 600_000),
    );
    const refusal = await service.start(user, "session-1").catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ExportTooSoonError);
    expect((refusal as ExportTooSoonError).retryAfterSeconds).toBe(3000);
    expect(await service.ask(user)).toEqual({
      fileName: "tagit-data-2026-01-15.zip",
      retryAfterSeconds: 3000,
    });
  });

  it("completes an export read to its end, and keeps its hour", async () => {
    const { service, forgotten } = exportWith(() => Readable.from([Buffer.from("jpeg")]));
    const started = await service.start(user, "session-1");
    expect((await buffer(started.archive)).length).toBeGreaterThan(0);
    expect(await started.outcome).toBe("complete");
    expect(forgotten).toEqual([]);
  });

  it("fails the archive when an image cannot be read, and gives the hour back", async () => {
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error("storage unreachable"));
        },
      });
    const { service, forgotten } = exportWith(failing);
    const started = await service.start(user, "session-1");
    await expect(buffer(started.archive)).rejects.toThrow("storage unreachable");
    await expect(started.outcome).rejects.toThrow("storage unreachable");
    expect(forgotten).toEqual([[user.id, NOW]]);
  });

  it("stops reading when the reader goes away, closes the image being read, and keeps the hour spent", async () => {
    let image: Readable | undefined;
    const endless = () => {
      image = new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024));
        },
      });
      return image;
    };
    const { service, forgotten } = exportWith(endless);
    const started = await service.start(user, "session-1");
    let read = 0;
    for await (const chunk of started.archive) {
      read += (chunk as Buffer).length;
      if (read > 1024 * 1024) break; // leaving the loop destroys the archive, as a closed connection does
    }
    expect(await started.outcome).toBe("abandoned");
    expect(image?.destroyed).toBe(true);
    expect(forgotten).toEqual([]);
  });
});
