import { describe, expect, it } from "vitest";
import type { SecurityCheckup } from "#contract/api/account-alerts.ts";
import { checkupRows } from "./security-checkup-rows.ts";

const newMember: SecurityCheckup = {
  authenticatorApp: false,
  passkeys: 0,
  recoveryCodesLeft: null,
  sessions: 1,
  passwordChangedAt: new Date().toISOString(),
  newSignInEmails: true,
};

const byLabel = (figures: SecurityCheckup) =>
  Object.fromEntries(checkupRows(figures).map((row) => [row.label, row]));

describe("checkupRows", () => {
  it("asks a member without a second factor to set one up, each row opening its section", () => {
    const rows = byLabel(newMember);
    expect(rows["Second factor"]).toMatchObject({
      value: "Authenticator app off",
      attention: true,
      action: "Set up",
      sectionId: "authenticator-heading",
    });
    expect(rows.Passkeys).toMatchObject({ value: "None yet", action: "Add", sectionId: "passkeys-heading" });
    expect(rows["Recovery codes"]?.value).toBe("Come with the authenticator app");
    expect(rows.Sessions).toMatchObject({ value: "Signed in on 1 device", sectionId: "sessions-heading" });
    expect(rows.Password?.value).toMatch(/^Last changed /);
    expect(rows.Password?.sectionId).toBe("change-password-heading");
  });

  it("counts passkeys, sessions and codes left, and flags the last few codes", () => {
    const rows = byLabel({
      ...newMember,
      authenticatorApp: true,
      passkeys: 2,
      recoveryCodesLeft: 2,
      sessions: 3,
      passwordChangedAt: null,
    });
    expect(rows["Second factor"]).toMatchObject({ value: "Authenticator app on", attention: false });
    expect(rows.Passkeys?.value).toBe("2 passkeys");
    expect(rows["Recovery codes"]).toMatchObject({
      value: "2 codes left",
      attention: true,
      action: "New codes",
    });
    expect(rows.Sessions?.value).toBe("Signed in on 3 devices");
    expect(rows.Password?.value).toBe("Last change not recorded");
  });
});
