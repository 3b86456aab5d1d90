import { apiConditionalGet } from "#web/lib/api-request.ts";
import type { ApiResponse, ApiUrl } from "#web/lib/api-routes.ts";

/**
 * A GET that is cheap to poll: it remembers the last ETag with the data it came with, sends it back as
 * If-None-Match and answers a 304 with that same data. The tag is only sent while the caller still holds
 * exactly that data (`current`), so a cache that was cleared (logout) or changed from elsewhere (a live
 * event) always gets a full answer. The data's type follows from the address, as `apiRequest`'s does.
 */
export function createConditionalFetcher<Url extends ApiUrl<"GET">>(url: Url) {
  type Data = ApiResponse<"GET", Url>;
  let last: { etag: string; data: Data } | null = null;

  return {
    async fetch(current: Data | undefined, signal?: AbortSignal): Promise<Data> {
      const etag = last && current !== undefined && current === last.data ? last.etag : null;
      const result = await apiConditionalGet(url, etag, signal);
      if (result.notModified) {
        if (last) return last.data;
        // A 304 we did not ask for: fetch in full.
        const full = await apiConditionalGet(url, null, signal);
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
