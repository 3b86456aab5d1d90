import { z } from "zod";
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "./errors.ts";

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** errors.ts's ErrorBody as a schema, for the API's description and the tests of its answers. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  fields: z.record(z.string(), z.string()).optional(),
  suggestions: z.array(z.string()).optional(),
}) satisfies z.ZodType<ErrorBody>;
