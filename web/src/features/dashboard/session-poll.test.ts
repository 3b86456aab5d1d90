import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "#web/lib/api-request.ts";
import { shouldReloadAfterPoll } from "./session-poll.ts";

describe("shouldReloadAfterPoll", () => {
  it("reloads when the profile call answers with an error status", () => {
    expect(shouldReloadAfterPoll({ ok: false, error: new ApiError(401, "401: x", null) })).toBe(true);
    expect(shouldReloadAfterPoll({ ok: false, error: new ApiError(500, "500: x", null) })).toBe(true);
  });

  it("keeps the page when the session is fine or the server was not reached", () => {
    expect(shouldReloadAfterPoll({ ok: true })).toBe(false);
    expect(shouldReloadAfterPoll({ ok: false, error: new NetworkError() })).toBe(false);
    expect(shouldReloadAfterPoll({ ok: false, error: new DOMException("x", "AbortError") })).toBe(false);
  });
});
