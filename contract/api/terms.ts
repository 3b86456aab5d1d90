import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

/** The terms page's title when the stored terms have none. */
export { DEFAULT_TERMS_TITLE } from "../content-defaults.ts";

/**
 * GET /api/terms → the current terms and conditions (content is HTML written by an administrator). While none
 * are published it answers the default title, no content and `updatedAt: null` — an answer, not a 404, so a
 * page that asks on a fresh install logs no failed request.
 */
export const termsResponseSchema = z.object({
  title: z.string(),
  content: z.string(),
  updatedAt: timestampSchema.nullable(),
});
export type TermsResponse = z.infer<typeof termsResponseSchema>;

/** Terms an administrator has published: they have a date. */
export type PublishedTerms = TermsResponse & { updatedAt: string };

/** The terms when some are published; null while there are none. */
export const publishedTerms = (terms: TermsResponse): PublishedTerms | null =>
  terms.updatedAt === null ? null : { ...terms, updatedAt: terms.updatedAt };
