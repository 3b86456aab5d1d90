import { describe, expect, it } from "vitest";
import { settle, windowLadder, windowStartOf } from "./release-windows.ts";

const rules = { bucketMinutes: 60, jitterMinutes: 0, minVisitors: 3 };
const at = (iso: string) => new Date(iso);

describe("release windows", () => {
  it("widen from the bucket to the day to the week", () => {
    expect(windowLadder(60)).toEqual([60, 1_440, 10_080]);
    expect(windowLadder(1_440)).toEqual([1_440, 10_080]);
  });

  it("start on the bucket's multiple, at midnight UTC, and on Mondays", () => {
    const time = at("2030-05-16T13:45:10Z"); // a Thursday
    expect(windowStartOf(time, 60)).toEqual(at("2030-05-16T13:00:00Z"));
    expect(windowStartOf(time, 1_440)).toEqual(at("2030-05-16T00:00:00Z"));
    expect(windowStartOf(time, 10_080)).toEqual(at("2030-05-13T00:00:00Z"));
    expect(windowStartOf(at("2030-05-19T23:59:59Z"), 10_080)).toEqual(at("2030-05-13T00:00:00Z"));
    expect(windowStartOf(at("2030-05-20T00:00:00Z"), 10_080)).toEqual(at("2030-05-20T00:00:00Z"));
  });

  it("release a window with enough visitors, widen one with too few, and end a week with too few as a line", () => {
    const hour = { start: at("2030-05-16T13:00:00Z"), minutes: 60 };
    expect(settle(hour, 3, rules)).toEqual({ kind: "release" });
    expect(settle(hour, 2, rules)).toEqual({
      kind: "widen",
      to: { start: at("2030-05-16T00:00:00Z"), minutes: 1_440 },
      releaseAt: at("2030-05-17T00:00:00Z"),
    });
    const day = { start: at("2030-05-16T00:00:00Z"), minutes: 1_440 };
    expect(settle(day, 1, rules)).toEqual({
      kind: "widen",
      to: { start: at("2030-05-13T00:00:00Z"), minutes: 10_080 },
      releaseAt: at("2030-05-20T00:00:00Z"),
    });
    const week = { start: at("2030-05-13T00:00:00Z"), minutes: 10_080 };
    expect(settle(week, 2, rules)).toEqual({ kind: "quiet", fewerThan: 3 });
    expect(settle(week, 3, rules)).toEqual({ kind: "release" });
  });
});
