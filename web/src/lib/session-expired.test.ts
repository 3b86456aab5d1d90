import { describe, expect, it } from "vitest";
import { buildApiError, NetworkError } from "./api-request.ts";
import { isSessionExpiredError } from "./session-expired.ts";

describe("isSessionExpiredError", () => {
  it("matches any 401 answer, whatever its body", () => {
    expect(isSessionExpiredError(buildApiError(401, "Unauthorized", '{"error":"Please sign in"}'))).toBe(
      true,
    );
    expect(isSessionExpiredError(buildApiError(401, "Unauthorized", ""))).toBe(true);
  });

  it("matches messages about the session or an invalid/expired credential", () => {
    expect(isSessionExpiredError(new Error("Session not found"))).toBe(true);
    expect(isSessionExpiredError(new Error("Invalid or expired token"))).toBe(true);
    expect(isSessionExpiredError(buildApiError(403, "Forbidden", '{"error":"invalid or EXPIRED"}'))).toBe(
      true,
    );
    expect(isSessionExpiredError("your session ended")).toBe(true);
  });

  it("leaves other failures alone", () => {
    expect(
      isSessionExpiredError(buildApiError(409, "Conflict", '{"error":"This post name is already taken"}')),
    ).toBe(false);
    expect(isSessionExpiredError(buildApiError(413, "Payload Too Large", '{"error":"File too large"}'))).toBe(
      false,
    );
    expect(isSessionExpiredError(new Error("4010 things"))).toBe(false);
    expect(isSessionExpiredError(new NetworkError())).toBe(false);
    expect(isSessionExpiredError(null)).toBe(false);
    expect(isSessionExpiredError(undefined)).toBe(false);
  });
});
