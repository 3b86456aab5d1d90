import { describe, expect, it } from "vitest";
import { analyticsEvent } from "#web/test/analytics-test-data.ts";
import {
  actionText,
  canViewAllViewers,
  filterEventsByPost,
  postFilterOptions,
  timeWindowLabel,
  windowStartLabel,
} from "./analytics-display.ts";

describe("actionText", () => {
  it("says a view as viewed your post and any search as searched for your posts", () => {
    expect(actionText("view")).toBe("viewed your post");
    expect(actionText("search")).toBe("searched for your posts");
    expect(actionText("internal_search")).toBe("searched for your posts");
  });
});

describe("post filter", () => {
  const a = analyticsEvent({ postName: "Beach" });
  const b = analyticsEvent({ postName: "Attic" });
  const c = analyticsEvent({ postName: "Beach" });
  const byTagg = analyticsEvent({ postName: null, postId: null });

  it("offers every post name once, sorted", () => {
    expect(postFilterOptions([a, b, c, byTagg])).toEqual(["Attic", "Beach"]);
  });

  it("keeps everything for All Posts (null) and only that post otherwise", () => {
    expect(filterEventsByPost([a, b, c, byTagg], null)).toHaveLength(4);
    expect(filterEventsByPost([a, b, c, byTagg], "Beach")).toEqual([a, c]);
  });
});

describe("canViewAllViewers", () => {
  it("is offered on views of a post only", () => {
    expect(canViewAllViewers(analyticsEvent({ action: "view" }))).toBe(true);
    expect(canViewAllViewers(analyticsEvent({ action: "search" }))).toBe(false);
    expect(canViewAllViewers(analyticsEvent({ action: "view", postId: null }))).toBe(false);
  });
});

describe("timeWindowLabel", () => {
  // Every case names its locale and time zone, so the results do not depend on the machine's.
  const utc = { locale: "en-GB", timeZone: "UTC" };
  const now = new Date("2025-03-10T18:20:00.000Z");

  it("shows the window, not a moment, with Today and Yesterday", () => {
    expect(timeWindowLabel("2025-03-10T14:00:00.000Z", 60, now, utc)).toBe("Today, 14:00–15:00");
    expect(timeWindowLabel("2025-03-09T09:00:00.000Z", 60, now, utc)).toBe("Yesterday, 09:00–10:00");
  });

  it("shows the date as the list's tooltips do for older days, in the given locale", () => {
    expect(timeWindowLabel("2025-03-01T14:00:00.000Z", 60, now, utc)).toBe("1 Mar 2025, 14:00–15:00");
    expect(timeWindowLabel("2025-03-01T14:00:00.000Z", 60, now, { locale: "en-US", timeZone: "UTC" })).toBe(
      "Mar 1, 2025, 14:00–15:00",
    );
  });

  it("uses 24-hour times and the given time zone (including half-hour offsets)", () => {
    expect(timeWindowLabel("2025-03-10T14:00:00.000Z", 60, now, { locale: "en-US", timeZone: "UTC" })).toBe(
      "Today, 14:00–15:00",
    );
    expect(
      timeWindowLabel("2025-03-10T14:00:00.000Z", 60, now, { locale: "en-GB", timeZone: "Asia/Kolkata" }),
    ).toBe("Today, 19:30–20:30");
    expect(
      timeWindowLabel("2025-03-10T14:00:00.000Z", 60, now, { locale: "en-GB", timeZone: "America/New_York" }),
    ).toBe("Today, 10:00–11:00");
  });

  it("keeps a window that ends at midnight on its own day", () => {
    expect(timeWindowLabel("2025-03-09T23:00:00.000Z", 60, now, utc)).toBe("Yesterday, 23:00–00:00");
  });

  it("names both days when a window runs into the next one", () => {
    expect(timeWindowLabel("2025-03-01T22:00:00.000Z", 360, now, utc)).toBe(
      "1 Mar 2025, 22:00 – 2 Mar 2025, 04:00",
    );
    expect(timeWindowLabel("2025-03-09T00:00:00.000Z", 1440, now, utc)).toBe(
      "Yesterday, 00:00 – Today, 00:00",
    );
  });

  it("tells today from yesterday by the calendar across a daylight-saving change", () => {
    // New York moved to summer time on 9 March 2025: that day had 23 hours.
    const ny = { locale: "en-GB", timeZone: "America/New_York" };
    const justAfterMidnight = new Date("2025-03-10T04:30:00.000Z"); // 00:30 on 10 March in New York
    // Midnight starting 9 March, 23.5 hours earlier: still yesterday, though 24 hours back is 8 March.
    expect(timeWindowLabel("2025-03-09T05:00:00.000Z", 60, justAfterMidnight, ny)).toBe(
      "Yesterday, 00:00–01:00",
    );
  });

  it("is empty for a bad date", () => {
    expect(timeWindowLabel("not a date", 60, now, utc)).toBe("");
  });
});

describe("windowStartLabel", () => {
  it("says where a window of unknown length starts", () => {
    const now = new Date("2025-03-10T18:20:00.000Z");
    expect(windowStartLabel("2025-03-10T14:00:00.000Z", now, { locale: "en-GB", timeZone: "UTC" })).toBe(
      "Today, from 14:00",
    );
    expect(windowStartLabel("2025-03-02T14:00:00.000Z", now, { locale: "en-US", timeZone: "UTC" })).toBe(
      "Mar 2, 2025, from 14:00",
    );
    expect(windowStartLabel("", now)).toBe("");
  });
});
