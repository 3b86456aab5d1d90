import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import { analyticsEvent } from "#web/test/analytics-test-data.ts";
import { ActivityRow } from "./activity-row.tsx";

const HOUR_MS = 3_600_000;
const NOW = new Date();
/** The start of the hour before this one: a window that has ended, as the server releases it. */
const LAST_HOUR = new Date(Math.floor(NOW.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS).toISOString();

function renderRow(event: AnalyticsEvent) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <ActivityRow
          event={event}
          now={NOW}
          selecting={false}
          checked={false}
          onCheckedChange={() => {}}
          onViewAll={() => {}}
        />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByRole("listitem");
}

describe("a row of the owner's visitor activity", () => {
  it("shows a released anonymous search as its window, never as a moment, with no one to block", () => {
    const row = renderRow(
      analyticsEvent({
        visitorId: null,
        visitorName: "Anonymous User",
        visitorTagg: null,
        createdAt: LAST_HOUR,
        timeWindowMinutes: 60,
      }),
    );
    expect(row.textContent).toContain("Anonymous User searched for your posts");
    const time = within(row).getByText((_, element) => element?.tagName === "TIME");
    // The window in the viewer's own time zone: today's, or yesterday's where midnight fell in between.
    expect(time.textContent).toMatch(/^(Today|Yesterday), \d\d:\d\d–\d\d:\d\d$/);
    expect(row.textContent).not.toMatch(/ago|Just now/);
    expect(within(row).queryByRole("button", { name: /Block/ })).toBeNull();
  });

  it("shows a named visitor's search as how long ago it was, with Block", () => {
    const row = renderRow(analyticsEvent({ createdAt: new Date(NOW.getTime() - 5 * 60_000).toISOString() }));
    expect(row.textContent).toContain("Ada Lovelace @ada searched for your posts");
    expect(within(row).getByText("5 minutes ago")).toBeTruthy();
    expect(within(row).getByRole("button", { name: /Block/ })).toBeTruthy();
  });
});
