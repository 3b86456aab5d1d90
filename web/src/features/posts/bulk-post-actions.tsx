import { Crown, Eye, EyeOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { type BulkAction, useBulkPostAction } from "./use-post-mutations.ts";

export type BulkPostActionsProps = {
  subscriptionStatus: string;
  postCount: number;
};

const plural = (count: number) => `${count} ${count === 1 ? "post" : "posts"}`;

const COPY = {
  hide: {
    title: "Hide all posts?",
    description: (n: number) =>
      `Your ${plural(n)} will be hidden from search. You can show them again at any time.`,
    confirm: "Hide All",
    done: (n: number) => ({ title: "Visibility Updated", description: `${plural(n)} hidden` }),
    failed: "Failed to hide posts",
  },
  show: {
    title: "Show all posts?",
    description: (n: number) => `Your ${plural(n)} will appear in search again.`,
    confirm: "Show All",
    done: (n: number) => ({ title: "Visibility Updated", description: `${plural(n)} visible again` }),
    failed: "Failed to show posts",
  },
  delete: {
    title: "Delete all posts?",
    description: (n: number) =>
      `All ${plural(n)} and their images will be permanently deleted. This cannot be undone.`,
    confirm: "Delete All",
    done: (n: number) => ({ title: "Success", description: `Deleted ${plural(n)}` }),
    failed: "Failed to delete posts",
  },
} as const satisfies Record<BulkAction, unknown>;

const isSubscriptionRequired = (error: unknown) => errorCodeOf(error) === "subscription_required";

/**
 * Hide All / Show All / Delete All, each behind a confirmation. Visibility changes are Premium: free members
 * get the "Active subscription required" message with an upgrade button instead.
 */
export function BulkPostActions({ subscriptionStatus, postCount }: BulkPostActionsProps) {
  const canChangeVisibility = getPlanCapabilities(subscriptionStatus).changePostVisibility;
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [showUpsell, setShowUpsell] = useState(false);
  const bulk = useBulkPostAction();
  const restoreFocus = useRestoreFocus();

  const ask = (action: BulkAction) => {
    if (action !== "delete" && !canChangeVisibility) {
      setShowUpsell(true);
      return;
    }
    setConfirming(action);
  };

  const run = (action: BulkAction) =>
    bulk.mutate(action, {
      onSuccess: (count) => {
        setConfirming(null);
        const message = COPY[action].done(count);
        toast.success(message.title, { description: message.description });
      },
      onError: (error) => {
        setConfirming(null);
        if (isSubscriptionRequired(error)) {
          setShowUpsell(true);
          return;
        }
        toast.error("Error", { description: errorMessage(error, COPY[action].failed) });
      },
    });

  const copy = confirming ? COPY[confirming] : null;
  const disabled = postCount === 0 || bulk.isPending;

  return (
    <div className="grid w-full gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-medium text-slate-700">All posts:</span>
        <Button variant="outline" size="sm" onClick={() => ask("hide")} disabled={disabled}>
          <EyeOff aria-hidden="true" />
          Hide All
        </Button>
        <Button variant="outline" size="sm" onClick={() => ask("show")} disabled={disabled}>
          <Eye aria-hidden="true" />
          Show All
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => ask("delete")}
          disabled={disabled}
        >
          <Trash2 aria-hidden="true" />
          Delete All
        </Button>
      </div>
      <Dialog open={showUpsell} onOpenChange={setShowUpsell}>
        <DialogContent className="max-w-md" {...restoreFocus}>
          <span className="flex size-11 items-center justify-center rounded-xl bg-premium-100 text-premium-800">
            <Crown className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>{POST_MESSAGES.subscriptionRequired}</DialogTitle>
          <DialogDescription>
            Hiding and showing all your posts at once is part of Premium. Deleting posts is always free.
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setShowUpsell(false)}>
              Not Now
            </Button>
            <Button asChild>
              <Link to="/payments">Upgrade to Premium</Link>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={copy?.title ?? ""}
        description={<p>{copy?.description(postCount)}</p>}
        confirmLabel={copy?.confirm ?? ""}
        destructive={confirming === "delete"}
        pending={bulk.isPending}
        onConfirm={() => (confirming ? run(confirming) : undefined)}
      />
    </div>
  );
}
