import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "#web/components/ui/alert-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";

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

/** The alert dialog behind `ConfirmDialog`, in its own chunk. */
export default function ConfirmAlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = false,
  cancelLabel = "Cancel",
  children,
}: ConfirmDialogProps) {
  const restoreFocus = useRestoreFocus();
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent {...restoreFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div>{description}</div>
        </AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant={destructive ? "destructive" : "primary"} disabled={pending} onClick={onConfirm}>
            {pending ? <Spinner className="text-white" /> : null}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
