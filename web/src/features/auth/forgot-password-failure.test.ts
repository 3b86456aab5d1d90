import { describe, expect, it } from "vitest";
import { buildApiError, NETWORK_ERROR_MESSAGE, NetworkError } from "#web/lib/api-request.ts";
import { forgotPasswordFailureToast } from "./forgot-password-failure.ts";

describe("forgotPasswordFailureToast", () => {
  it("shows the server's message under Failed to Send Reset Email", () => {
    const error = buildApiError(
      429,
      "Too Many Requests",
      JSON.stringify({ error: "Slow down", code: "rate_limited" }),
    );
    expect(forgotPasswordFailureToast(error)).toEqual({
      title: "Failed to Send Reset Email",
      description: "Slow down",
    });
  });

  it("falls back to Failed to send reset email when the answer carries no message", () => {
    expect(forgotPasswordFailureToast(buildApiError(502, "Bad Gateway", "<html>"))).toEqual({
      title: "Failed to Send Reset Email",
      description: "Failed to send reset email",
    });
  });

  it("uses the network text when the request never reached the server", () => {
    expect(forgotPasswordFailureToast(new NetworkError())).toEqual({
      title: "Error",
      description: NETWORK_ERROR_MESSAGE,
    });
  });

  it("uses the second wording for any other failure", () => {
    expect(forgotPasswordFailureToast(new SyntaxError("Unexpected token"))).toEqual({
      title: "Error",
      description: "Failed to send password reset email.",
    });
  });
});
