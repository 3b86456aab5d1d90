import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type {
  AuthResponse,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordResponse,
} from "#contract/api/auth.ts";
import { TIMING } from "#contract/limits.ts";
import { PROFILE_QUERY_KEY } from "#web/app/use-profile.ts";
import { apiRequest } from "#web/lib/api-request.ts";

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<AuthResponse>("POST", "/api/auth/login", body),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<AuthResponse>("POST", "/api/auth/register", body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<MessageResponse>("POST", "/api/auth/forgot-password", body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<Partial<ResetPasswordResponse>>("POST", "/api/reset-password", body),
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
