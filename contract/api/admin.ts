import { z } from "zod";

export const adminSessionBodySchema = z.strictObject({
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(200),
});
export const adminSessionResponseSchema = z.object({ sessionId: z.string() });
