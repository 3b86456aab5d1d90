import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { useDeleteProfile } from "./use-profile-mutations.ts";

/** Delete Profile with a confirmation; on success the member is told and sent to / after 2 s. */
export function DeleteProfileSection() {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProfile();

  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Profile Deleted", {
          description: "Your account and everything in it have been deleted. Redirecting...",
        });
        remove.leave();
      },
      onError: (error) => {
        setConfirming(false);
        toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete profile") });
      },
    });

  return (
    <section
      aria-labelledby="delete-profile-heading"
      className="grid gap-3 rounded-xl border border-red-200 bg-red-50/60 p-4"
    >
      <div>
        <h3 id="delete-profile-heading" className="font-semibold text-red-900">
          Delete Profile
        </h3>
        <p className="text-sm text-red-900/80">
          Permanently deletes your account, tagged posts, images, links and analytics.
        </p>
      </div>
      <div>
        <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete Profile
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your profile?"
        description={
          <p>
            Your account, tagged posts, images, social links and analytics will be deleted for good, any
            Premium subscription ends straight away, and you will be signed out. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Profile"
        destructive
        pending={remove.isPending || remove.isSuccess}
        onConfirm={onConfirm}
      />
    </section>
  );
}
