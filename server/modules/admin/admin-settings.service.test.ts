import { describe, expect, it } from "vitest";
import { changedSummary } from "./admin-settings.service.ts";

describe("changedSummary", () => {
  it("keeps only the changed fields, before and after", () => {
    expect(changedSummary({ isEnabled: true, text: "a" }, { isEnabled: true, text: "b" })).toEqual({
      before: { text: "a" },
      after: { text: "b" },
    });
  });

  it("cuts long texts so the audit row stays a summary", () => {
    const summary = changedSummary({ content: "x".repeat(500) }, { content: "y" });
    expect(summary.before.content).toBe(`${"x".repeat(200)}…`);
    expect(summary.after.content).toBe("y");
  });
});
