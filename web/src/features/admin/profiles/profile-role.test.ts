import { describe, expect, it } from "vitest";
import type { AdminProfile } from "#contract/api/admin-profiles.ts";
import { roleChange, roleParam } from "./profile-role.ts";

const profile = (extra: Partial<AdminProfile> = {}): AdminProfile => ({
  id: "p1",
  tagg: "ada",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  pendingEmail: null,
  bio: null,
  ipAddress: null,
  subscriptionStatus: "inactive",
  lastActive: null,
  emailVerified: true,
  role: "member",
  roleFromConfig: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

describe("the role change confirmation", () => {
  it("grants to a member and says a second factor comes before the panel opens", () => {
    const change = roleChange(profile(), { self: false });
    expect(change).toMatchObject({ role: "admin", title: "Make Administrator" });
    expect(change.description).toContain("Ada Lovelace (@ada)");
    expect(change.description).toMatch(/authenticator app or a passkey/);
  });

  it("removes from an administrator, saying they lose the panel at once; for oneself, says so", () => {
    const other = roleChange(profile({ role: "admin", tagg: null }), { self: false });
    expect(other).toMatchObject({ role: "member", title: "Remove Administrator" });
    expect(other.description).toContain("Ada Lovelace (ada@example.com)");
    expect(other.description).toMatch(/lose access to the admin panel at once/);
    expect(roleChange(profile({ role: "admin" }), { self: true }).description).toMatch(/your own/);
  });

  it("asks the list for one role, or for everyone", () => {
    expect(roleParam("all")).toBeUndefined();
    expect(roleParam("admin")).toBe("admin");
    expect(roleParam("member")).toBe("member");
  });
});
