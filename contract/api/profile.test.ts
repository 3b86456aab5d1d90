import { describe, expect, it } from "vitest";
import { getPlanCapabilities } from "../plans.ts";
import { updateProfileBodySchema, wallpaperPositionSchema } from "./profile.ts";

describe("wallpaperPositionSchema", () => {
  it.each([
    ["50,50", "50,50"],
    ["120,-5", "100,0"],
    [" 33.4 , 66.6 ", "33,67"],
  ])("turns %s into %s", (input, output) => {
    expect(wallpaperPositionSchema.parse(input)).toBe(output);
  });

  it.each(["left,top", "50", "50,50,50", ""])("refuses %j", (input) => {
    expect(wallpaperPositionSchema.safeParse(input).success).toBe(false);
  });
});

describe("updateProfileBodySchema", () => {
  it("refuses a body with nothing to change", () => {
    expect(updateProfileBodySchema.safeParse({ currentPassword: "x" }).success).toBe(false);
  });
});

describe("getPlanCapabilities", () => {
  it("unlocks visibility changes only for a subscription that is paid or still being retried", () => {
    for (const status of ["active", "past_due"]) {
      expect(getPlanCapabilities(status)).toMatchObject({ premium: true, changePostVisibility: true });
    }
    for (const status of ["inactive", "canceled", "incomplete"]) {
      expect(getPlanCapabilities(status)).toMatchObject({ premium: false, badgeLabel: "Free Member" });
    }
  });
});
