import { describe, expect, it } from "vitest";
import { effectiveMode, grantedMode, pauseHoursRemaining } from "./privacy-rules.ts";

const HOUR = 3_600_000;
const start = new Date("2026-03-01T10:00:00Z");
const later = (hours: number) => new Date(start.getTime() + hours * HOUR);

describe("privacy rules", () => {
  it("keeps a pause for 48 hours, then returns to show", () => {
    expect(effectiveMode("pause", start, later(47.9))).toBe("pause");
    expect(effectiveMode("pause", start, later(48))).toBe("show");
    expect(effectiveMode("hide", start, later(1000))).toBe("hide");
  });

  it("counts the hours left of a pause", () => {
    expect(pauseHoursRemaining("pause", start, later(0))).toBe(48);
    expect(pauseHoursRemaining("pause", start, later(47.5))).toBe(0.5);
    expect(pauseHoursRemaining("pause", start, later(49))).toBe(0);
    expect(pauseHoursRemaining("show", null, later(0))).toBe(0);
  });

  it("grants hide only with five or more unique viewers, pause otherwise", () => {
    expect(grantedMode("hide", 4)).toBe("pause");
    expect(grantedMode("hide", 5)).toBe("hide");
    expect(grantedMode("pause", 0)).toBe("pause");
    expect(grantedMode("show", 0)).toBe("show");
  });
});
