import { describe, expect, it, vi } from "vitest";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { AppError } from "#server/lib/app-error.ts";
import { systemClock } from "#server/lib/clock.ts";
import { hashPassword } from "#server/lib/passwords.ts";
import { createAdminSessionService } from "./admin-session.service.ts";

const PASSWORD = "correct horse";
const user = { id: "user-1", role: "admin", passwordHash: await hashPassword(PASSWORD) } as ProfileRow;

function setUp(isAdmin: boolean) {
  const startAdmin = vi.fn(async () => "admin-token");
  let failures = 0;
  const sessions = {
    startAdmin,
    endAdmin: vi.fn(async () => {}),
    end: vi.fn(async () => {}),
    adminUnlockFailures: async () => ({ failures, lastFailedAt: failures > 0 ? new Date() : null }),
    recordAdminUnlockFailure: async () => ++failures,
    clearAdminUnlockFailures: async () => {
      failures = 0;
    },
  };
  const service = createAdminSessionService({ sessions, isAdmin: () => isAdmin, clock: systemClock });
  return { service, startAdmin };
}

const codeOf = (promise: Promise<unknown>) => promise.catch((error: AppError) => error.code);

describe("adminSessionService.unlock", () => {
  it("opens an admin session bound to the member session for an administrator with their password", async () => {
    const { service, startAdmin } = setUp(true);
    await expect(service.unlock({ user, sessionId: "session-1" }, PASSWORD)).resolves.toEqual({
      sessionId: "admin-token",
    });
    expect(startAdmin).toHaveBeenCalledWith("user-1", "session-1");
  });

  it("refuses a member who is not an administrator, and a wrong password, opening nothing", async () => {
    const notAdmin = setUp(false);
    expect(await codeOf(notAdmin.service.unlock({ user, sessionId: "s" }, PASSWORD))).toBe("admin_required");
    const admin = setUp(true);
    expect(await codeOf(admin.service.unlock({ user, sessionId: "s" }, "wrong"))).toBe("wrong_password");
    expect(notAdmin.startAdmin).not.toHaveBeenCalled();
    expect(admin.startAdmin).not.toHaveBeenCalled();
  });
});
