import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransparencyMonth, TransparencyResponse } from "#contract/api/moderation.ts";
import { TransparencyPage } from "./transparency-page.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const month = (overrides: Partial<TransparencyMonth> = {}): TransparencyMonth => ({
  month: "2026-11",
  reportsReceived: 1234,
  reportsCounted: 980,
  hiddenAutomatically: 12,
  hiddenByAdmin: "<10",
  removed: 31,
  appeals: "<10",
  reversed: "<10",
  medianHoursToDecide: 5.46,
  ...overrides,
});

function renderPage(answer: Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/transparency"]}>
        <TransparencyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = (table: HTMLElement, figure: string) =>
  within(table).getByRole("rowheader", { name: figure }).closest("tr") as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("TransparencyPage", () => {
  it('shows each month\'s figures, a small one as "fewer than 10"', async () => {
    const answer: TransparencyResponse = {
      months: [month(), month({ month: "2026-10", medianHoursToDecide: null, reportsReceived: "<10" })],
    };
    renderPage(json(answer));
    const november = await screen.findByRole("table", { name: "Moderation figures for November 2026" });
    expect(within(row(november, "Reports received")).getByRole("cell").textContent).toBe("1,234");
    expect(within(row(november, "Posts hidden by an administrator")).getByRole("cell").textContent).toBe(
      "fewer than 10",
    );
    expect(within(row(november, "Median time to decide")).getByRole("cell").textContent).toBe("5.5 hours");

    const october = screen.getByRole("table", { name: "Moderation figures for October 2026" });
    expect(within(row(october, "Reports received")).getByRole("cell").textContent).toBe("fewer than 10");
    expect(within(row(october, "Median time to decide")).getByRole("cell").textContent).toMatch(
      /^Not published/,
    );
    // Newest first, as the server answers.
    const months = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(months).toEqual(["November 2026", "October 2026"]);
  });

  it("explains the rule of 10 and what each figure counts", async () => {
    renderPage(json({ months: [month()] }));
    await screen.findByRole("table");
    expect(screen.getByText(/so that no single member or case can be picked out/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What each figure counts" })).toBeTruthy();
  });

  it("says so when no month is published yet", async () => {
    renderPage(json({ months: [] }));
    expect(await screen.findByRole("heading", { name: "No figures published yet" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers to try again when the figures fail to load", async () => {
    renderPage(json({ error: "Something went wrong", code: "internal" }, 500));
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not load the figures/);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
