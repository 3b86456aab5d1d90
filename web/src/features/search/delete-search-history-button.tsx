import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { useDeleteSearchHistory } from "./use-search-history.ts";

export type DeleteSearchHistoryButtonProps = Pick<ButtonProps, "size" | "className" | "disabled">;

/** "Delete my search history" with a confirmation (used on /manage and /delete-my-search). */
export function DeleteSearchHistoryButton({ size, className, disabled }: DeleteSearchHistoryButtonProps) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteSearchHistory();
  return (
    <>
      <Button
        variant="destructive"
        size={size}
        className={className}
        disabled={disabled || remove.isPending}
        onClick={() => setConfirm(true)}
      >
        <Trash2 aria-hidden="true" />
        Delete my search history
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete your search history?"
        description={
          <p>
            The searches and views you made under your name are removed from your history and from every
            owner's analytics. Anonymous activity was never recorded against you, so it is not part of your
            history; owners see it only as Anonymous User. This cannot be undone.
          </p>
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirm(false) })}
      />
    </>
  );
}
