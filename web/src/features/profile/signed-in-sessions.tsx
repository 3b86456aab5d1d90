import { LogOut, Monitor } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { SignedInSession } from "#contract/api/sessions.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { useSignedInSessions, useSignOutOtherSessions, useSignOutSession } from "./use-signed-in-sessions.ts";

const started = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));
/** A UTC day ("2026-03-10") as the reader's calendar shows it, without a time. */
const day = (isoDay: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/** Where am I signed in: each session's device, start and last day of use, with sign-out for the others. */
export function SignedInSessions() {
  const sessions = useSignedInSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);

  const endOne = (session: SignedInSession) =>
    signOutOne.mutate(session.id, {
      onSuccess: () => toast.success("Signed Out", { description: `${session.device} was signed out.` }),
      onError: (error) =>
        toast.error("Sign-out Failed", {
          description: errorMessage(error, "Failed to sign out that session"),
        }),
    });
  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirmOthers(false);
        toast.success("Signed Out Everywhere Else", {
          description: `${revoked} other ${revoked === 1 ? "session was" : "sessions were"} signed out.`,
        });
      },
      onError: (error) =>
        toast.error("Sign-out Failed", {
          description: errorMessage(error, "Failed to sign out other sessions"),
        }),
    });

  return (
    <section aria-labelledby="sessions-heading" className="grid gap-3">
      <h3 id="sessions-heading" tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        Where You're Signed In
      </h3>
      <QueryState
        query={sessions}
        loading={
          <div role="status" aria-label="Loading your sessions" className="grid gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        }
        error="Failed to load your sessions"
      >
        {(list) => {
          const others = list.filter((session) => !session.current);
          return (
            <>
              <ul className="grid gap-2">
                {list.map((session) => (
                  <li
                    key={session.id}
                    className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm"
                  >
                    <Monitor className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {session.device}
                        {session.current && (
                          <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                            This device
                          </span>
                        )}
                      </p>
                      <p className="text-slate-600">
                        Signed in {started(session.createdAt)} · last active {day(session.lastActiveDay)}
                      </p>
                    </div>
                    {!session.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => endOne(session)}
                        disabled={signOutOne.isPending && signOutOne.variables === session.id}
                        aria-label={`Sign out ${session.device}, signed in ${started(session.createdAt)}`}
                      >
                        <LogOut aria-hidden="true" />
                        Sign Out
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {others.length > 0 && (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => setConfirmOthers(true)}
                >
                  Sign Out Everywhere Else
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title="Sign out everywhere else?"
        description="Every other browser and device signed in to your account will be signed out. This one stays signed in."
        confirmLabel="Sign Out Everywhere Else"
        onConfirm={endOthers}
        pending={signOutOthers.isPending}
        destructive
      />
    </section>
  );
}
