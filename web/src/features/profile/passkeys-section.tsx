import { Info, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type Passkey, SECOND_FACTOR_MESSAGES } from "#contract/api/second-factor.ts";
import { MAX_PASSKEYS } from "#contract/limits.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { passkeysSupported } from "#web/lib/passkeys.ts";
import { AddPasskeyForm } from "./add-passkey-form.tsx";
import { usePasskeys, useRemovePasskey } from "./use-passkeys.ts";

const onDay = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));

/**
 * Passkeys in Security Settings: each with when it was added and last used, Remove (after confirming), and
 * the form that adds one. Drawn with its own top rule, so the dialog renders it in one line.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success("Passkey Removed", {
          description: `“${removing.name}” can no longer sign you in. Your other devices were signed out.`,
        });
      },
      onError: (error) => {
        setRemoving(null);
        toast.error("Passkey Not Removed", {
          description: errorMessage(error, "Failed to remove the passkey"),
        });
      },
    });
  };

  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-3 border-t border-slate-100 pt-6">
      <h3 id="passkeys-heading" tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        Passkeys
      </h3>
      <p className="text-sm text-slate-600">
        Sign in with your fingerprint, face or screen lock instead of your password. Once you have a passkey,
        signing in with your password also asks for a second step.
      </p>
      <QueryState
        query={passkeys}
        loading={
          <div role="status" aria-label="Loading your passkeys" className="grid gap-2">
            <Skeleton className="h-14 w-full" />
          </div>
        }
        error="Failed to load your passkeys"
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            You have no passkeys yet.
          </p>
        }
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm"
              >
                <KeyRound className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                  <p className="text-slate-600">
                    Added {onDay(passkey.createdAt)} ·{" "}
                    {passkey.lastUsedAt ? `last used ${onDay(passkey.lastUsedAt)}` : "Never used"}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRemoving(passkey)}
                  aria-label={`Remove ${passkey.name}, added ${onDay(passkey.createdAt)}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {passkeys.data ? <AddPasskey count={passkeys.data.length} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ""}” will no longer sign you in. Your other devices will be signed out; this one stays signed in.`}
        confirmLabel="Remove Passkey"
        onConfirm={confirmRemove}
        pending={remove.isPending}
        destructive
      />
    </section>
  );
}

/**
 * Below the list, once it has loaded: the form, or why there is none — this browser cannot make passkeys, or
 * the account holds the most it may.
 */
function AddPasskey({ count }: { count: number }) {
  const [supported] = useState(passkeysSupported);
  if (supported && count < MAX_PASSKEYS) return <AddPasskeyForm />;
  return (
    <Alert role="note">
      <Info aria-hidden="true" />
      <p>
        {supported
          ? SECOND_FACTOR_MESSAGES.tooManyPasskeys
          : "This browser cannot make passkeys. To add one, open Tagit in a recent Chrome, Safari, Edge or Firefox over a secure (https) connection."}
      </p>
    </Alert>
  );
}
