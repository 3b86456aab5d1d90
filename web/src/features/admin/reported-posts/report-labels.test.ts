import { describe, expect, it } from "vitest";
import {
  burstExplanation,
  burstLabel,
  countedExplanation,
  countedOfTotalLines,
  reportCountLabel,
} from "./report-labels.ts";

describe("report queue labels", () => {
  it('says "counted of total"', () => {
    expect(countedOfTotalLines(3, 11).join(" ")).toBe("3 counted of 11 reports");
    expect(countedOfTotalLines(0, 1).join(" ")).toBe("0 counted of 1 report");
    expect(reportCountLabel(1)).toBe("1 report");
    expect(countedExplanation(0, 1)).toMatch(/^0 of 1 report counts toward the automatic action/);
    expect(countedExplanation(3, 11)).toMatch(/^3 of 11 reports count toward/);
  });

  it("names a burst by its accounts and the window", () => {
    expect(burstLabel(6)).toBe("Burst: 6 new accounts within an hour");
    expect(burstExplanation(6)).toBe(
      "6 of the reporters' accounts were created within an hour of each other, each less than 7 days old when it reported.",
    );
  });
});
