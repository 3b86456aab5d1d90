import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, type ModerationDecision } from "#contract/api/moderation.ts";
import {
  appealState,
  decidedByText,
  decisionHeadline,
  decisionIdFromHash,
  noAppealReason,
} from "./decision-display.ts";

const decision = (overrides: Partial<ModerationDecision> = {}): ModerationDecision => ({
  id: "d1",
  kind: "post_hidden",
  subject: { postName: "sunset" },
  reason: { label: "Spam", rule: "No spam", text: null },
  automatic: false,
  decidedAt: "2026-11-03T12:00:00.000Z",
  appealableUntil: "2027-05-03T12:00:00.000Z",
  liftedAt: null,
  appeal: null,
  ...overrides,
});

describe("decisionHeadline", () => {
  it("says what was done to what, in the member's words", () => {
    expect(decisionHeadline(decision())).toBe('Your post "sunset" was hidden pending review');
    expect(decisionHeadline(decision({ kind: "post_removed" }))).toBe('Your post "sunset" was removed');
    expect(decisionHeadline(decision({ kind: "tagg_removed", subject: { tagg: "ada" } }))).toBe(
      "Your tagg @ada was removed: your posts are no longer found by it",
    );
    expect(decisionHeadline(decision({ kind: "profile_hidden", subject: {} }))).toBe(
      "Your profile and its posts were hidden from search",
    );
  });
});

describe("decidedByText", () => {
  it("tells the threshold from a person", () => {
    expect(decidedByText(true)).toBe("Automatically: reports from members reached the threshold");
    expect(decidedByText(false)).toBe("By an administrator");
  });
});

describe("appealState", () => {
  const before = new Date("2027-05-03T11:59:59.000Z");
  const at = new Date("2027-05-03T12:00:00.000Z");

  it("is open while nothing was appealed, the decision applies and the time has not run out", () => {
    expect(appealState(decision(), before)).toEqual({ kind: "open", until: at });
  });

  it("closes at appealableUntil, as the server does", () => {
    const state = appealState(decision(), at);
    expect(state).toEqual({ kind: "closed", on: at });
    expect(noAppealReason(state)).toMatch(/^Appeals closed on 3 May 2027/);
  });

  it("has nothing to appeal once the decision was lifted", () => {
    const state = appealState(decision({ liftedAt: "2026-11-04T12:00:00.000Z" }), before);
    expect(state.kind).toBe("lifted");
    expect(noAppealReason(state)).toBe(MODERATION_MESSAGES.decisionLifted);
  });

  it("shows the appeal made, whatever became of the decision since", () => {
    const appeal = {
      id: "a1",
      text: "It is my own photo",
      status: "reversed" as const,
      createdAt: "2026-11-05T12:00:00.000Z",
      decidedAt: "2026-11-06T12:00:00.000Z",
      outcomeText: "Agreed",
    };
    const state = appealState(decision({ appeal, liftedAt: "2026-11-06T12:00:00.000Z" }), at);
    expect(state).toEqual({ kind: "appealed", status: "reversed" });
    expect(noAppealReason(state)).toBeNull();
  });
});

describe("decisionIdFromHash", () => {
  it("reads the decision a notice's link names", () => {
    expect(decisionIdFromHash("#decision-0b6a7c3e-1111-4222-8333-944445555666")).toBe(
      "0b6a7c3e-1111-4222-8333-944445555666",
    );
    expect(decisionIdFromHash("#decision-")).toBeNull();
    expect(decisionIdFromHash("#other")).toBeNull();
    expect(decisionIdFromHash("")).toBeNull();
  });
});
