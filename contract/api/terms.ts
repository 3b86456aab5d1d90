import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

/** Spec 2 §2 "Terms page": the title shown when the stored terms have none. */
export { DEFAULT_TERMS_TITLE } from "../content-defaults.ts";

/**
 * GET /api/terms → the current terms and conditions (content is HTML written by an administrator);
 * 404 `{"error": ...}` while no terms exist.
 */
export const termsResponseSchema = z.object({
  title: z.string(),
  content: z.string(),
  updatedAt: timestampSchema,
});
export type TermsResponse = z.infer<typeof termsResponseSchema>;
