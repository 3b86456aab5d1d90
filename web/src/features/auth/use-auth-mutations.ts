import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from "#contract/api/auth.ts";
import type { SecondFactorRequired } from "#contract/api/second-factor.ts";
import { TIMING } from "#contract/limits.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { answerWithPasskey } from "#web/lib/passkeys.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

/** Whether a sign-in (or a password reset) answered that it needs the second factor before a session. */
export const needsSecondFactor = (answer: object | null): answer is SecondFactorRequired =>
  answer !== null && "secondFactorRequired" in answer && answer.secondFactorRequired === true;

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest("POST", "/api/auth/login", body),
  });
}

/**
 * The sign-in's second step (its sign-in cookie names the sign-in): a code as typed (app or recovery), or
 * "passkey" to ask the browser for one.
 */
export function useSecondFactorSignIn() {
  return useMutation({
    mutationFn: async (proof: { code: string } | "passkey") =>
      apiRequest(
        "POST",
        "/api/auth/login/second-factor",
        proof === "passkey" ? { passkey: await answerWithPasskey() } : proof,
      ),
  });
}

/** Sign-in with a passkey alone: nobody is signed in, so the server starts a passkey sign-in for the challenge. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () =>
      apiRequest("POST", "/api/auth/login/passkey", { response: await answerWithPasskey() }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest("POST", "/api/auth/register", body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => apiRequest("POST", "/api/auth/forgot-password", body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest("POST", "/api/reset-password", body),
  });
}

/**
 * After a session cookie was issued: wait `delayMs`, load the member's profile, then open `to`.
 * The profile is fetched before navigating so protected pages see the member at once.
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (to: string, delayMs: number = TIMING.authRedirectMs) => {
      window.setTimeout(async () => {
        await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        await navigate(to, { replace: true });
      }, delayMs);
    },
    [queryClient, navigate],
  );
}
