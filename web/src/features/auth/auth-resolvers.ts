// The auth forms' validation, in its own chunk with zod (see lazy-resolver.ts).
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { loginBodySchema, registerBodySchema } from "#contract/api/auth.ts";
import { secondFactorCodeSchema } from "#contract/api/second-factor.ts";
import { PASSWORD_MISMATCH } from "./auth-form-messages.ts";

/** The contract's registration body plus a confirmation that never leaves the browser. */
const registerFormSchema = registerBodySchema
  .omit({ referralCode: true })
  .extend({ confirmPassword: z.string().min(1, { error: "Please confirm your password" }) })
  .refine((values) => values.password === values.confirmPassword, {
    error: PASSWORD_MISMATCH,
    path: ["confirmPassword"],
  });

export const signInResolver = zodResolver(loginBodySchema);
export const registerResolver = zodResolver(registerFormSchema);
/** The sign-in's second step by code: one from the app or a recovery code (a passkey needs no form). */
export const secondFactorResolver = zodResolver(z.object({ code: secondFactorCodeSchema }));
