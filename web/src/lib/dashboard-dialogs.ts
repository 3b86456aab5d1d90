import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The dialogs another page opens on the dashboard. The one way to ask: go to /dashboard with the router state
 * `{open: <dialog>}` (`<Link {...dashboardDialogLink("security-settings")}>`, or `navigate` with the same `to`
 * and `state`), and the dashboard component that owns the dialog opens it (`useDashboardDialogAsked`). The
 * ask lives in the history entry, so it waits for the dashboard's lazily loaded parts however long they take.
 */
export type DashboardDialog =
  /** The header's Security settings (the admin panel's unlock, when no second factor is set up). */
  | "security-settings"
  /** The My Tagged Posts popup on its Analytics view (the notification bell's View). */
  | "analytics";

/** Where and with what state a link or a navigation goes to open `dialog` on the dashboard. */
export const dashboardDialogLink = (dialog: DashboardDialog) =>
  ({ to: "/dashboard", state: { open: dialog } }) as const;

/** Whether a location's state asks for `dialog` (see dashboardDialogLink). */
export const asksForDashboardDialog = (state: unknown, dialog: DashboardDialog): boolean =>
  typeof state === "object" && state !== null && Reflect.get(state, "open") === dialog;

/**
 * Calls `open` when the location asks for `dialog` — on arrival, or when an opener asks again while the
 * dashboard is already shown — then forgets the ask, so a reload or a return to this entry of the history
 * does not open the dialog again.
 */
export function useDashboardDialogAsked(dialog: DashboardDialog, open: () => void): void {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const asked = asksForDashboardDialog(state, dialog);
  const onAsked = useEffectEvent(open);
  // Each ask is forgotten as it is answered, so the next one (the bell's View pressed again) asks anew.
  useEffect(() => {
    if (!asked) return;
    onAsked();
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [asked, pathname, search, hash, navigate]);
}
