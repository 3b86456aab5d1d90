import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListPage } from "#contract/api/admin.ts";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";

type Row = { id: string; tagg: string; reason: string };

const ROWS: Row[] = [
  { id: "1", tagg: "ada", reason: "Verified partner" },
  { id: "2", tagg: "grace", reason: "Founding member" },
];

const columns: AdminColumn<Row>[] = [
  { accessorKey: "tagg", header: "Tagg" },
  { accessorKey: "reason", header: "Reason" },
];

/** The table over a one-page list, with the Reason column giving way below the widest screens. */
function TaggsTable() {
  const list = useInfiniteQuery({
    queryKey: ["rows"],
    queryFn: async (): Promise<ListPage<Row>> => ({
      items: ROWS,
      total: ROWS.length,
      totalCapped: false,
      nextCursor: null,
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return (
    <AdminTable
      label="Taggs"
      columns={columns}
      list={list}
      getRowId={(row) => row.id}
      empty="No taggs found"
      noun={{ one: "tagg", many: "taggs" }}
      loadError="Failed to load taggs"
      collapsible={{ columns: ["reason"], rowName: (row) => `@${row.tagg}` }}
    />
  );
}

/** A screen `wide` enough for every column, or not. */
function renderOnScreen(wide: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: wide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TaggsTable />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AdminTable's row details", () => {
  it("names each row's Details toggle after the row, and opens only that row's details", async () => {
    renderOnScreen(false);
    const table = await screen.findByRole("table", { name: "Taggs" });
    expect(within(table).queryByRole("columnheader", { name: /^Reason/ })).toBeNull();
    const ada = within(table).getByRole("button", { name: "Details of @ada" });
    const grace = within(table).getByRole("button", { name: "Details of @grace" });
    expect(ada.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(ada);

    expect(ada.getAttribute("aria-expanded")).toBe("true");
    expect(grace.getAttribute("aria-expanded")).toBe("false");
    const details = document.getElementById(String(ada.getAttribute("aria-controls")));
    expect(details?.textContent).toBe("ReasonVerified partner");
    expect(within(table).queryByText("Founding member")).toBeNull();
  });

  it("shows every column and no toggle where the screen has room", async () => {
    renderOnScreen(true);
    const table = await screen.findByRole("table", { name: "Taggs" });
    expect(within(table).getByRole("columnheader", { name: /^Reason/ })).toBeTruthy();
    expect(within(table).getByText("Founding member")).toBeTruthy();
    expect(within(table).queryByRole("button", { name: /^Details/ })).toBeNull();
  });
});
