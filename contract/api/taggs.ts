import { z } from "zod";
import { normaliseTagg, TAGG_MESSAGES, TAGG_PATTERN, taggProblem } from "../taggs.ts";

export const taggSchema = z
  .string({ error: TAGG_MESSAGES.format })
  .transform(normaliseTagg)
  .pipe(z.string().regex(TAGG_PATTERN, { error: TAGG_MESSAGES.format }))
  .refine((value) => taggProblem(value) === null, { error: TAGG_MESSAGES.reserved });

export const checkTaggQuerySchema = z.strictObject({ tagg: taggSchema });
export const checkTaggResponseSchema = z.object({ available: z.boolean() });
export const claimTaggBodySchema = z.strictObject({ tagg: taggSchema });
