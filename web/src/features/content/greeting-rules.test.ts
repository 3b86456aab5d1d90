import { describe, expect, it } from "vitest";
import { type GreetingFlags, mayGreet, shouldShowGreeting } from "./greeting-rules.ts";

const fresh: GreetingFlags = {
  signedIn: true,
  shownThisSession: false,
  hiddenByMember: false,
  afterPasswordReset: false,
};
const enabled = { isEnabled: true, content: "Welcome to Tagit!" };

describe("greeting rules", () => {
  it("greets a signed-in member once per session when the greeting is enabled", () => {
    expect(mayGreet(fresh)).toBe(true);
    expect(shouldShowGreeting(fresh, enabled)).toBe(true);
    expect(shouldShowGreeting({ ...fresh, shownThisSession: true }, enabled)).toBe(false);
  });

  it("never greets visitors, members who hid it, or right after a password reset", () => {
    for (const flags of [
      { ...fresh, signedIn: false },
      { ...fresh, hiddenByMember: true },
      { ...fresh, afterPasswordReset: true },
    ]) {
      expect(mayGreet(flags)).toBe(false);
      expect(shouldShowGreeting(flags, enabled)).toBe(false);
    }
  });

  it("waits for the settings and respects a disabled or empty greeting", () => {
    expect(shouldShowGreeting(fresh, undefined)).toBe(false);
    expect(shouldShowGreeting(fresh, { isEnabled: false, content: "Hi" })).toBe(false);
    expect(shouldShowGreeting(fresh, { isEnabled: true, content: "   " })).toBe(false);
  });
});
