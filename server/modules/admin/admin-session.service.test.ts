import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import { systemClock } from "#server/lib/clock.ts";
import { createFailureBudget } from "#server/lib/failure-budget.ts";
import { hashPassword } from "#server/lib/passwords.ts";
import { createAdminSessionService } from "./admin-session.service.ts";

const PASSWORD = "correct horse";
const CODE = "123456";
const ADDRESS = "203.0.113.0";
const passwordHash = await hashPassword(PASSWORD);
const withApp = {
  id: "user-1",
  role: "admin",
  passwordHash,
  totpEnabled: true,
  passkeyCount: 0,
} as ProfileRow;
const withoutFactor = { ...withApp, totpEnabled: false } as ProfileRow;

function setUp({ isAdmin = true, requireSecondFactor = true } = {}) {
  const startAdmin = vi.fn(async () => "admin-token");
  let failures = 0;
  const sessions = {
    startAdmin,
    endAdmin: vi.fn(async () => {}),
    end: vi.fn(async () => {}),
    reserveAdminUnlock: async () => ++failures,
    giveBackAdminUnlock: async () => {
      failures--;
    },
    clearAdminUnlockFailures: async () => {
      failures = 0;
    },
  };
  const secondFactor = {
    prove: vi.fn(
      async (_user: ProfileRow, _sessionId: string, proof: { code: string } | { passkey: unknown }) => {
        if (!("code" in proof) || proof.code !== CODE)
          throw new AppError("invalid_code", MESSAGES.invalidCode);
      },
    ),
  };
  const service = createAdminSessionService({
    sessions,
    secondFactor,
    requireSecondFactor,
    isAdmin: () => isAdmin,
    failuresByAddress: createFailureBudget({ name: "admin-unlock", max: 10, windowMs: 15 * 60_000 }),
    clock: systemClock,
  });
  return { service, startAdmin, failures: () => failures };
}

const codeOf = (promise: Promise<unknown>) => promise.catch((error: AppError) => error.code);

describe("adminSessionService.unlock", () => {
  it("opens an admin session bound to the member session for an administrator with password and code", async () => {
    const { service, startAdmin } = setUp();
    await expect(
      service.unlock(
        { user: withApp, sessionId: "session-1", client: ADDRESS },
        { password: PASSWORD, code: CODE },
      ),
    ).resolves.toEqual({ sessionId: "admin-token" });
    expect(startAdmin).toHaveBeenCalledWith("user-1", "session-1");
  });

  it("refuses a member who is not an administrator, a wrong password and a wrong code, opening nothing", async () => {
    const notAdmin = setUp({ isAdmin: false });
    const unlock = (s: ReturnType<typeof setUp>, input: { password: string; code?: string }) =>
      codeOf(s.service.unlock({ user: withApp, sessionId: "s", client: ADDRESS }, input));
    expect(await unlock(notAdmin, { password: PASSWORD, code: CODE })).toBe("admin_required");
    const admin = setUp();
    expect(await unlock(admin, { password: "wrong", code: CODE })).toBe("wrong_password");
    expect(await unlock(admin, { password: PASSWORD, code: "654321" })).toBe("invalid_code");
    expect(admin.failures()).toBe(2);
    expect(await unlock(admin, { password: PASSWORD })).toBe("validation");
    // A try refused for another reason than a wrong secret is given back.
    expect(admin.failures()).toBe(2);
    expect(notAdmin.startAdmin).not.toHaveBeenCalled();
    expect(admin.startAdmin).not.toHaveBeenCalled();
  });

  it("leads an administrator without a second factor to enrol one, unless the rule is switched off", async () => {
    const required = setUp();
    expect(
      await codeOf(
        required.service.unlock(
          { user: withoutFactor, sessionId: "s", client: ADDRESS },
          { password: PASSWORD },
        ),
      ),
    ).toBe("second_factor_required");
    expect(required.startAdmin).not.toHaveBeenCalled();
    const passwordOnly = setUp({ requireSecondFactor: false });
    await expect(
      passwordOnly.service.unlock(
        { user: withoutFactor, sessionId: "s", client: ADDRESS },
        { password: PASSWORD },
      ),
    ).resolves.toEqual({ sessionId: "admin-token" });
  });
});
