import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ReauthenticateBody, reauthenticateBodySchema } from "#contract/api/sessions.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";

export type ReauthenticationDialogProps = {
  /** Called once: true when the password was accepted, false when the member cancelled. */
  onDone: (reauthenticated: boolean) => void;
};

/** "Confirm it's you": the password again before an irreversible action, which then goes ahead. */
export default function ReauthenticationDialog({ onDone }: ReauthenticationDialogProps) {
  const [pending, setPending] = useState(false);
  const form = useForm<ReauthenticateBody>({
    resolver: zodResolver(reauthenticateBodySchema),
    defaultValues: { currentPassword: "" },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/reauthenticate", body);
      onDone(true);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) {
        form.setError("currentPassword", { message: errorMessage(error, "Failed to confirm your password") });
      }
      setPending(false);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onDone(false)}>
      <DialogContent className="max-w-md">
        <DialogTitle>Confirm it's you</DialogTitle>
        <DialogDescription>
          This can't be undone, and you signed in a while ago. Enter your password to continue.
        </DialogDescription>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm your password">
            <LabelledField control={form.control} name="currentPassword" label="Password">
              {({ field }) => (
                <PasswordInput toggleLabel="password" autoComplete="current-password" autoFocus {...field} />
              )}
            </LabelledField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" disabled={pending} onClick={() => onDone(false)}>
                Cancel
              </Button>
              <SubmitButton pending={pending}>Confirm</SubmitButton>
            </div>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
