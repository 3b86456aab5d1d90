import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { ModerationReason } from "#contract/api/moderation.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { RowActionButton } from "../row-action-button.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import { useModerationReasons, useReasonMutations } from "./use-moderation-reasons.ts";

/**
 * Moderation Reasons: the short list an administrator picks from when hiding or removing a post or a tagg,
 * with add, edit and delete. The server answers it whole, ordered by label.
 */
export function ModerationReasonsCard() {
  const reasons = useModerationReasons();
  const { remove } = useReasonMutations();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ModerationReason | null>(null);
  const [deleting, setDeleting] = useState<ModerationReason | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Reason Deleted", { description: `“${deleting.label}” can no longer be chosen.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast.error("Error", { description: errorMessage(error, "Failed to delete the reason") }),
    });
  };

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Moderation Reasons</CardTitle>
          <CardDescription>
            Every post hidden or removed and every tagg hidden or deleted needs one of these reasons. The
            member reads its label and rule, with your own words if you add them, and may appeal.
          </CardDescription>
        </div>
        <Button className="shrink-0 self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Reason
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={reasons}
          loading={<ListSkeleton label="Loading reasons..." rows={4} mediaClassName="hidden" />}
          error="Failed to load the reasons"
          empty={
            <p className="text-sm text-slate-600">
              No reasons yet: add one before hiding or removing anything.
            </p>
          }
        >
          {(list) => (
            <ul aria-label="Moderation reasons" className="divide-y divide-slate-200">
              {list.map((reason) => (
                <li key={reason.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words text-slate-900">{reason.label}</span>
                    <span className="text-sm break-words text-slate-600">{reason.rule}</span>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <RowActionButton
                      label={`Edit reason ${reason.label}`}
                      icon={Pencil}
                      onClick={() => setEditing(reason)}
                    />
                    <RowActionButton
                      label={`Delete reason ${reason.label}`}
                      icon={Trash2}
                      destructive
                      onClick={() => setDeleting(reason)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ReasonDialog open={adding} onOpenChange={setAdding} />
      <ReasonDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        reason={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Reason"
        description={`Delete “${deleting?.label ?? ""}”? It can no longer be chosen; decisions already taken for it keep their words.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
