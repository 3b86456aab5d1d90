import { describe, expect, it } from "vitest";
import { relativeTimeLabel } from "./relative-time.ts";

const now = new Date("2025-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTimeLabel", () => {
  it("says Just now under a minute and for times slightly in the future", () => {
    expect(relativeTimeLabel(ago(0), now)).toBe("Just now");
    expect(relativeTimeLabel(ago(59_999), now)).toBe("Just now");
    expect(relativeTimeLabel(ago(-5_000), now)).toBe("Just now");
  });

  it("counts whole minutes, hours and days, singular and plural", () => {
    expect(relativeTimeLabel(ago(MIN), now)).toBe("1 minute ago");
    expect(relativeTimeLabel(ago(59 * MIN + 59_000), now)).toBe("59 minutes ago");
    expect(relativeTimeLabel(ago(HOUR), now)).toBe("1 hour ago");
    expect(relativeTimeLabel(ago(23 * HOUR + 59 * MIN), now)).toBe("23 hours ago");
    expect(relativeTimeLabel(ago(DAY), now)).toBe("1 day ago");
    expect(relativeTimeLabel(ago(45 * DAY), now)).toBe("45 days ago");
  });

  it("accepts a Date and returns nothing for an unreadable date", () => {
    expect(relativeTimeLabel(new Date(now.getTime() - 2 * HOUR), now)).toBe("2 hours ago");
    expect(relativeTimeLabel("not a date", now)).toBe("");
  });
});
