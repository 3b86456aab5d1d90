import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type ConfirmEmailChangeBody,
  confirmEmailChangeBodySchema,
  type Profile,
} from "#contract/api/profile.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { useConfirmEmailChange, useDeclinePendingEmail } from "./use-profile-mutations.ts";

export type PendingEmailRequestProps = { profile: Pick<Profile, "email" | "pendingEmail"> };

/**
 * On the dashboard while an administrator's request to move the member's login waits: the member confirms it
 * with their current password or declines it. Until then they keep signing in with their current address.
 */
export function PendingEmailRequest({ profile }: PendingEmailRequestProps) {
  const queryClient = useQueryClient();
  const confirm = useConfirmEmailChange();
  const decline = useDeclinePendingEmail();
  const form = useForm<ConfirmEmailChangeBody>({
    resolver: zodResolver(confirmEmailChangeBodySchema),
    defaultValues: { currentPassword: "" },
  });
  const pending = profile.pendingEmail;
  if (!pending) return null;
  const busy = confirm.isPending || decline.isPending;

  const onConfirm = form.handleSubmit((body) =>
    confirm.mutate(body, {
      onSuccess: (updated) => {
        form.reset({ currentPassword: "" });
        toast.success("Email Updated", {
          description: `You now sign in with ${updated.email}. We sent it a link to verify the address.`,
        });
      },
      onError: (error) => {
        const message = errorMessage(error, "Failed to confirm the change");
        const code = errorCodeOf(error);
        applyServerFieldErrors(form, error);
        // Nothing waits any more (declined or replaced elsewhere): the profile says what is true now.
        if (code === "conflict") void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        toast.error("Failed to confirm the change", { description: message });
      },
    }),
  );

  const onDecline = () =>
    decline.mutate(undefined, {
      onSuccess: () =>
        toast.success("Change Declined", { description: `You keep signing in with ${profile.email}.` }),
      onError: (error) =>
        toast.error("Failed to decline the change", {
          description: errorMessage(error, "Failed to decline the change"),
        }),
    });

  return (
    <section
      aria-labelledby="pending-email-heading"
      className="rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
      data-testid="pending-email-request"
    >
      <div className="flex gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="grid gap-1">
            <h2 id="pending-email-heading" className="font-semibold">
              An administrator asked to change your login e-mail to{" "}
              <span className="break-all">{pending}</span>
            </h2>
            <p className="text-sm">
              Nothing changes until you confirm: you keep signing in, resetting your password and receiving
              our e-mails at <span className="font-medium break-all">{profile.email}</span>. Enter your
              password to confirm, or decline if you did not expect this.
            </p>
          </div>
          <Form {...form}>
            <form
              onSubmit={onConfirm}
              noValidate
              className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end"
              aria-label="Confirm or decline the e-mail change"
            >
              <LabelledField control={form.control} name="currentPassword" label="Current password">
                {({ field }) => (
                  <PasswordInput
                    toggleLabel="current password"
                    autoComplete="current-password"
                    className="bg-white"
                    {...field}
                  />
                )}
              </LabelledField>
              <div className="flex flex-wrap gap-2 sm:pb-0.5">
                <SubmitButton pending={confirm.isPending} disabled={busy}>
                  Confirm change
                </SubmitButton>
                <Button type="button" variant="outline" onClick={onDecline} disabled={busy}>
                  Decline
                </Button>
              </div>
            </form>
          </Form>
        </div>
      </div>
    </section>
  );
}
