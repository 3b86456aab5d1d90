import { describe, expect, it } from "vitest";
import { analyticsEvent } from "#web/test/analytics-test-data.ts";
import {
  badgeLabel,
  buildNotifications,
  dedupeNotificationEvents,
  detectArrivals,
  noticeLink,
  parseDismissed,
  pruneDismissed,
} from "./notifications.ts";

const HOUR = 3_600_000;
const base = Date.parse("2025-03-10T00:00:00Z");
const at = (hours: number) => new Date(base + hours * HOUR).toISOString();

describe("dedupeNotificationEvents", () => {
  it("drops a repeat of the same visitor and term within 24 h of the kept one", () => {
    const first = analyticsEvent({ visitorId: "m1", searchTerm: "Beach", createdAt: at(0) });
    const repeat = analyticsEvent({ visitorId: "m1", searchTerm: "  beach ", createdAt: at(23.9) });
    const later = analyticsEvent({ visitorId: "m1", searchTerm: "beach", createdAt: at(24) });
    // Newest first, as the API sends them.
    expect(dedupeNotificationEvents([later, repeat, first])).toEqual([later, first]);
  });

  it("measures the window from the kept event, not from the dropped ones", () => {
    const kept = analyticsEvent({ visitorId: "m1", searchTerm: "x y z", createdAt: at(0) });
    const dropped1 = analyticsEvent({ visitorId: "m1", searchTerm: "x y z", createdAt: at(12) });
    const dropped2 = analyticsEvent({ visitorId: "m1", searchTerm: "x y z", createdAt: at(23) });
    const keptAgain = analyticsEvent({ visitorId: "m1", searchTerm: "x y z", createdAt: at(25) });
    expect(dedupeNotificationEvents([keptAgain, dropped2, dropped1, kept])).toEqual([keptAgain, kept]);
  });

  it("keeps different visitors and different terms apart, and treats a missing term like an empty one", () => {
    const a = analyticsEvent({ visitorId: "m1", searchTerm: "beach", createdAt: at(1) });
    const b = analyticsEvent({ visitorId: "m2", searchTerm: "beach", createdAt: at(2) });
    const c = analyticsEvent({ visitorId: "m1", searchTerm: "attic", createdAt: at(3) });
    const d = analyticsEvent({ visitorId: "m1", searchTerm: null, createdAt: at(4) });
    const e = analyticsEvent({ visitorId: "m1", searchTerm: "", createdAt: at(5) });
    expect(dedupeNotificationEvents([e, d, c, b, a])).toEqual([d, c, b, a]);
  });

  it("leaves out anonymous visitors entirely", () => {
    const anonymous = analyticsEvent({ visitorId: null, visitorName: "Anonymous User", createdAt: at(1) });
    const named = analyticsEvent({ visitorId: "m1", createdAt: at(0) });
    expect(dedupeNotificationEvents([anonymous, named])).toEqual([named]);
  });
});

describe("buildNotifications", () => {
  const events = Array.from({ length: 14 }, (_, i) =>
    analyticsEvent({ visitorId: `m${i}`, createdAt: at(14 - i), action: i % 2 ? "view" : "search" }),
  );

  it("shows at most 10, newest first, with the action in words", () => {
    const items = buildNotifications(events, new Set());
    expect(items).toHaveLength(10);
    expect(items[0]?.id).toBe(events[0]?.id);
    expect(items[0]?.actionText).toBe("searched for your posts");
    expect(items[1]?.actionText).toBe("viewed your post");
  });

  it("skips dismissed items and fills up from older ones", () => {
    const dismissed = new Set([events[0]?.id ?? "", events[1]?.id ?? ""]);
    const items = buildNotifications(events, dismissed);
    expect(items).toHaveLength(10);
    expect(items[0]?.id).toBe(events[2]?.id);
    expect(items.at(-1)?.id).toBe(events[11]?.id);
  });

  it("does not resurface a dropped duplicate when the kept one is dismissed", () => {
    const kept = analyticsEvent({ visitorId: "m1", createdAt: at(0) });
    const dropped = analyticsEvent({ visitorId: "m1", createdAt: at(1) });
    expect(buildNotifications([dropped, kept], new Set([kept.id]))).toEqual([]);
  });
});

describe("badgeLabel", () => {
  it("shows the count up to 9 and 9+ above", () => {
    expect(badgeLabel(0)).toBe("");
    expect(badgeLabel(1)).toBe("1");
    expect(badgeLabel(9)).toBe("9");
    expect(badgeLabel(10)).toBe("9+");
    expect(badgeLabel(250)).toBe("9+");
  });
});

describe("detectArrivals", () => {
  it("treats the first list as the baseline", () => {
    expect(detectArrivals(null, 0, [{ id: "a" }])).toEqual({ newIds: [], playSound: false });
  });

  it("marks new items, and plays the tone only when the bell already showed some", () => {
    expect(detectArrivals(new Set(["a"]), 1, [{ id: "b" }, { id: "a" }])).toEqual({
      newIds: ["b"],
      playSound: true,
    });
    expect(detectArrivals(new Set(), 0, [{ id: "b" }])).toEqual({ newIds: ["b"], playSound: false });
    expect(detectArrivals(new Set(["a", "b"]), 2, [{ id: "a" }])).toEqual({ newIds: [], playSound: false });
  });
});

describe("dismissed storage", () => {
  it("reads a JSON list of ids and ignores anything else", () => {
    expect(parseDismissed('["a","b",3]')).toEqual(new Set(["a", "b"]));
    expect(parseDismissed("{}")).toEqual(new Set());
    expect(parseDismissed("not json")).toEqual(new Set());
    expect(parseDismissed(null)).toEqual(new Set());
  });

  it("forgets ids of events that no longer exist", () => {
    expect(pruneDismissed(new Set(["a", "gone"]), [{ id: "a" }, { id: "b" }])).toEqual(new Set(["a"]));
  });
});

describe("noticeLink", () => {
  const decisionId = "11111111-1111-4111-8111-111111111111";

  it("sends a decision notice to its statement of reasons and appeal form", () => {
    expect(noticeLink({ kind: "decision", decisionId })).toEqual({
      to: `/moderation-decisions#decision-${decisionId}`,
      label: "Read why and appeal",
    });
  });

  it("sends an appeal's outcome to the same decision", () => {
    expect(noticeLink({ kind: "appeal_decided", decisionId })).toEqual({
      to: `/moderation-decisions#decision-${decisionId}`,
      label: "Read the outcome",
    });
  });

  it("gives the other notices no link", () => {
    expect(noticeLink({ kind: "report_outcome", decisionId: null })).toBeNull();
    expect(noticeLink({ kind: "post_hidden", decisionId: null })).toBeNull();
    expect(noticeLink({ kind: "decision", decisionId: null })).toBeNull();
  });
});
