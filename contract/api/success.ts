import { z } from "zod";

/**
 * `{success: true}`: the answer of a call that has nothing to tell but that it was done (a deletion, a sign-out,
 * a dismissal). Every route that answers it declares this one schema, which the API document names `Success`.
 */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;
