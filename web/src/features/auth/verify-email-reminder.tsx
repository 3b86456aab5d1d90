import { MailWarning } from "lucide-react";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useResendVerification } from "./use-email-verification.ts";

export type VerifyEmailReminderProps = { profile: Profile };

/** A gentle nudge for a member whose address is not verified yet, with a resend action. */
export function VerifyEmailReminder({ profile }: VerifyEmailReminderProps) {
  const resend = useResendVerification();
  if (profile.emailVerified) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(`We sent a new verification link to ${profile.email}.`),
      onError: (error) => toast.error(error.message),
    });

  return (
    <aside
      aria-label="Verify your e-mail address"
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm">
        Please verify your e-mail address: open the link we sent to{" "}
        <span className="font-medium break-all">{profile.email}</span>.
      </p>
      <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending || resend.isSuccess}>
        {resend.isSuccess ? "Link sent" : "Resend link"}
      </Button>
    </aside>
  );
}
