import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from "#web/lib/api-request.ts";

export type FailureToast = { title: string; description: string };

/**
 * The toast for a failed reset-link request: an answer from the server is "Failed to Send Reset
 * Email" with its message; a request that threw is "Error" with the network text when it never reached the
 * server, else the second wording "Failed to send password reset email.".
 */
export function forgotPasswordFailureToast(error: unknown): FailureToast {
  if (error instanceof ApiError) {
    return {
      title: "Failed to Send Reset Email",
      description: error.body?.error || "Failed to send reset email",
    };
  }
  if (error instanceof NetworkError) return { title: "Error", description: NETWORK_ERROR_MESSAGE };
  return { title: "Error", description: "Failed to send password reset email." };
}
