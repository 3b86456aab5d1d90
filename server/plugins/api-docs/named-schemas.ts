import { z } from "zod";
import { errorBodySchema } from "#contract/error-body-schema.ts";

/**
 * The shapes the API document names as components (`#/components/schemas/<id>`) instead of repeating them in
 * every operation. Kept here, on the server, so naming them adds nothing to the web app's bundles.
 */
export const apiSchemas = z.registry<{ id: string }>();

apiSchemas.add(errorBodySchema, { id: "ErrorBody" });
