import { ShieldCheck } from "lucide-react";
import { toast } from "sonner";
import type { SecurityCheckup } from "#contract/api/account-alerts.ts";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { checkupRows } from "./security-checkup-rows.ts";
import { useSecurityCheckup, useSetNewSignInEmails } from "./use-security-checkup.ts";

/** Brings a section of the dialog into view and moves the focus to its heading. */
function goTo(headingId: string) {
  const heading = document.getElementById(headingId);
  heading?.scrollIntoView({ block: "start", behavior: "smooth" });
  heading?.focus({ preventScroll: true });
}

/**
 * Security checkup: the second factor, passkeys, recovery codes left, sessions and the last password change at a
 * glance, each with a button to the section that changes it; and the choice to hear of sign-ins from a new place.
 */
export function SecurityCheckupCard() {
  const checkup = useSecurityCheckup();
  return (
    <section
      aria-labelledby="security-checkup-heading"
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="security-checkup-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
        Security Checkup
      </h3>
      <QueryState
        query={checkup}
        loading={
          <div role="status" aria-label="Loading your security checkup" className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        }
        error="Failed to load your security checkup"
      >
        {(figures) => <CheckupFigures figures={figures} />}
      </QueryState>
    </section>
  );
}

function CheckupFigures({ figures }: { figures: SecurityCheckup }) {
  const setEmails = useSetNewSignInEmails();
  const toggle = (enabled: boolean) =>
    setEmails.mutate(enabled, {
      onSuccess: () =>
        toast.success(enabled ? "New Sign-in E-mails On" : "New Sign-in E-mails Off", {
          description: enabled
            ? "We'll e-mail you when your account is signed in to from a new place."
            : "We won't e-mail you about new sign-ins. Account changes are still e-mailed.",
        }),
      onError: (error) =>
        toast.error("Update Failed", {
          description: errorMessage(error, "Failed to change your new sign-in e-mails"),
        }),
    });
  return (
    <>
      <ul className="grid gap-2">
        {checkupRows(figures).map((row) => (
          <li
            key={row.label}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-white p-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{row.label}</p>
              <p className={row.attention ? "text-amber-800" : "text-slate-600"}>{row.value}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => goTo(row.sectionId)}
              aria-label={`${row.action}: ${row.label}`}
            >
              {row.action}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-start gap-3 rounded-lg bg-white p-3 text-sm">
        <Switch
          id="new-sign-in-emails"
          checked={figures.newSignInEmails}
          onCheckedChange={toggle}
          disabled={setEmails.isPending}
          aria-describedby="new-sign-in-emails-hint"
        />
        <div className="grid gap-0.5">
          <Label htmlFor="new-sign-in-emails">E-mail me about sign-ins from a new place</Label>
          <p id="new-sign-in-emails-hint" className="text-slate-600">
            A new network with a new browser. Changes to your password, e-mail, second factor, passkeys and
            payout details are always e-mailed.
          </p>
        </div>
      </div>
    </>
  );
}
