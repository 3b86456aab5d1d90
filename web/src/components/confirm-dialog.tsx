import { lazy } from "react";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";
import type { ConfirmDialogProps } from "./confirm-alert-dialog.tsx";

// The alert dialog's code (focus trap, scroll lock) arrives after the page has painted (decision 036).
const ConfirmAlertDialog = lazy(() => import("./confirm-alert-dialog.tsx"));

/** "Are you sure?" before an action that changes or deletes data. The caller closes it when the action ends. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <AfterFirstPaint fallback={null}>
      <ConfirmAlertDialog {...props} />
    </AfterFirstPaint>
  );
}
