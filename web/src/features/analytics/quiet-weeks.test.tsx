import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuietWeeks } from "./quiet-weeks.tsx";

function renderWith(weeks: unknown[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify(weeks), { headers: { "Content-Type": "application/json" } }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <QuietWeeks />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("QuietWeeks", () => {
  it("says a week held too few anonymous visitors, with nothing but its date", async () => {
    renderWith([{ id: "w1", windowStart: "2026-03-02T00:00:00.000Z", windowMinutes: 10_080, fewerThan: 3 }]);
    const section = await screen.findByRole("region", { name: "Quiet weeks" });
    expect(section.textContent).toContain("Fewer than 3 anonymous visits this week (week of");
    expect(section.textContent).toContain("nobody can be picked out");
  });

  it("shows nothing while there are none", async () => {
    const { container } = renderWith([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });
});
