import { z } from "zod";

/** What the browser may know of the server's configuration (GET /api/site): an explicit allow-list. */
export const siteInfoSchema = z.object({
  /** PUBLIC_URL, the address members reach Tagit at. */
  publicUrl: z.string(),
  /** Its host name without "www.", as printed on a montage's watermark. */
  domain: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** "https://www.tagit.example:8443/app" → "tagit.example". Pure: unit-tested. */
export function siteDomain(publicUrl: string): string {
  return new URL(publicUrl).hostname.replace(/^www\./, "");
}
