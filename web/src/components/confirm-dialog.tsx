import { lazy, type ReactNode } from "react";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";

// The alert dialog's code (focus trap, scroll lock) arrives after the page has painted (decision 036).
const ConfirmAlertDialog = lazy(() => import("./confirm-alert-dialog.tsx"));

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** While true the dialog stays open, its buttons are disabled and the confirm button shows a spinner. */
  pending?: boolean;
  destructive?: boolean;
  cancelLabel?: string;
  /** Inputs the action takes (a reason, for example), shown between the description and the buttons. */
  children?: ReactNode;
};

/** "Are you sure?" before an action that changes or deletes data. The caller closes it when the action ends. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <AfterFirstPaint fallback={null}>
      <ConfirmAlertDialog {...props} />
    </AfterFirstPaint>
  );
}
