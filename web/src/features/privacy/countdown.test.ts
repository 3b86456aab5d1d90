import { describe, expect, it } from "vitest";
import {
  describeTimeRemaining,
  formatTimeRemaining,
  isPauseExpiring,
  PAUSE_EXPIRY_THRESHOLD_MS,
  pauseEndsAt,
} from "./countdown.ts";

const HOUR = 3_600_000;

describe("pauseEndsAt", () => {
  it("adds the remaining hours to the time the answer arrived, never going back", () => {
    expect(pauseEndsAt(48, 1_000)).toBe(1_000 + 48 * HOUR);
    expect(pauseEndsAt(0.5, 0)).toBe(HOUR / 2);
    expect(pauseEndsAt(-1, 5)).toBe(5);
  });
});

describe("formatTimeRemaining", () => {
  it("shows hours, minutes and seconds, padded", () => {
    expect(formatTimeRemaining(48 * HOUR)).toBe("48h 00m 00s");
    expect(formatTimeRemaining(47 * HOUR + 5 * 60_000 + 9_999)).toBe("47h 05m 09s");
    expect(formatTimeRemaining(59_000)).toBe("0h 00m 59s");
  });

  it("never shows a negative time", () => {
    expect(formatTimeRemaining(-5_000)).toBe("0h 00m 00s");
  });
});

describe("describeTimeRemaining", () => {
  it("says hours and minutes in words", () => {
    expect(describeTimeRemaining(47 * HOUR + 5 * 60_000)).toBe("47 hours 5 minutes");
    expect(describeTimeRemaining(HOUR + 60_000)).toBe("1 hour 1 minute");
    expect(describeTimeRemaining(30_000)).toBe("0 minutes");
  });
});

describe("isPauseExpiring", () => {
  it("is true at 0.02 hours (72 s) or less", () => {
    expect(PAUSE_EXPIRY_THRESHOLD_MS).toBe(72_000);
    expect(isPauseExpiring(72_001)).toBe(false);
    expect(isPauseExpiring(72_000)).toBe(true);
    expect(isPauseExpiring(-1)).toBe(true);
  });
});
