import { apiConditionalGet } from "#web/lib/api-request.ts";

/**
 * A GET that is cheap to poll: it remembers the last ETag with the data it came with, sends it back as
 * If-None-Match and answers a 304 with that same data. The tag is only sent while the caller still holds
 * exactly that data (`current`), so a cache that was cleared (logout) or changed from elsewhere (a live
 * event) always gets a full answer.
 */
export function createConditionalFetcher<T>(url: string) {
  let last: { etag: string; data: T } | null = null;

  return {
    async fetch(current: T | undefined, signal?: AbortSignal): Promise<T> {
      const etag = last && current !== undefined && current === last.data ? last.etag : null;
      const result = await apiConditionalGet<T>(url, etag, signal);
      if (result.notModified) {
        if (last) return last.data;
        // A 304 we did not ask for: fetch in full.
        const full = await apiConditionalGet<T>(url, null, signal);
        if (full.notModified) throw new Error(`Unexpected 304 from ${url}`);
        last = full.etag ? { etag: full.etag, data: full.data } : null;
        return full.data;
      }
      last = result.etag ? { etag: result.etag, data: result.data } : null;
      return result.data;
    },
    reset() {
      last = null;
    },
  };
}
