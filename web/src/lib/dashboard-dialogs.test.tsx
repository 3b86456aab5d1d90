import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, Link, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { dashboardDialogLink, useDashboardDialogAsked } from "./dashboard-dialogs.ts";

/** The part of the dashboard that owns the analytics popup: it counts the asks it answered. */
function AnalyticsOwner({ onOpen }: { onOpen: () => void }) {
  useDashboardDialogAsked("analytics", onOpen);
  return <p>analytics owner</p>;
}

/** The dashboard: its owner arrives late (as the lazily loaded sections do), and the bell's link stays reachable. */
function Dashboard({ onOpen }: { onOpen: () => void }) {
  const [loaded, setLoaded] = useState(false);
  const { state } = useLocation();
  return (
    <>
      <p>state: {JSON.stringify(state)}</p>
      <button type="button" onClick={() => setLoaded(true)}>
        Load sections
      </button>
      {loaded ? <AnalyticsOwner onOpen={onOpen} /> : null}
      <Link {...dashboardDialogLink("analytics")}>View</Link>
      <Link {...dashboardDialogLink("security-settings")}>Security</Link>
    </>
  );
}

function renderApp() {
  const onOpen = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/search", element: <Link {...dashboardDialogLink("analytics")}>View from search</Link> },
      { path: "/dashboard", element: <Dashboard onOpen={onOpen} /> },
    ],
    { initialEntries: ["/search"] },
  );
  render(<RouterProvider router={router} />);
  return { onOpen, router };
}

describe("opening a dashboard dialog from elsewhere", () => {
  it("waits in the router state for the dialog's owner, however late it mounts, and is answered once", async () => {
    const { onOpen, router } = renderApp();
    fireEvent.click(screen.getByRole("link", { name: "View from search" }));
    expect(await screen.findByText('state: {"open":"analytics"}')).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Load sections" }));
    expect(await screen.findByText("state: null")).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(1);
    // The entry no longer asks: going back to it (or a reload) opens nothing again.
    expect(router.state.location).toMatchObject({ pathname: "/dashboard", state: null });
    await act(() => router.navigate(-1));
    await act(() => router.navigate(1));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("opens again when asked again on the dashboard, and leaves other dialogs' asks to their owners", async () => {
    const { onOpen, router } = renderApp();
    await act(() => router.navigate("/dashboard"));
    fireEvent.click(screen.getByRole("button", { name: "Load sections" }));

    fireEvent.click(screen.getByRole("link", { name: "View" }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole("link", { name: "View" }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(2));
    expect(router.state.location.state).toBeNull();

    fireEvent.click(screen.getByRole("link", { name: "Security" }));
    expect(await screen.findByText('state: {"open":"security-settings"}')).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
