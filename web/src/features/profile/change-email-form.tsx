import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { EmailInput } from "#web/components/email-input.tsx";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import {
  canSubmitEmail,
  changeEmailFormSchema,
  type ChangeEmailForm as EmailValues,
} from "./security-forms.ts";
import { useUpdateProfile } from "./use-profile-mutations.ts";

export type ChangeEmailFormProps = { profile: Profile };

/** New e-mail + current password → PUT /api/profile. Update Email stays disabled until the address changes. */
export function ChangeEmailForm({ profile }: ChangeEmailFormProps) {
  const update = useUpdateProfile();
  const form = useForm<EmailValues>({
    resolver: zodResolver(changeEmailFormSchema),
    defaultValues: { email: profile.email, currentPassword: "" },
  });
  const typed = form.watch("email");

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { email: values.email, currentPassword: values.currentPassword },
      {
        onSuccess: (updated) => {
          toast.success("Email Updated", { description: `Your email is now ${updated.email}.` });
          form.reset({ email: updated.email, currentPassword: "" });
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          toast.error("Failed to update email", {
            description: errorMessage(error, "Failed to update email"),
          });
        },
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="change-email-heading">
        <h3 id="change-email-heading" className="font-semibold text-slate-900">
          Change Email
        </h3>
        <LabelledField control={form.control} name="email" label="New email">
          {({ field }) => <EmailInput {...field} />}
        </LabelledField>
        <LabelledField control={form.control} name="currentPassword" label="Current password">
          {({ field }) => (
            <PasswordInput toggleLabel="current password" autoComplete="current-password" {...field} />
          )}
        </LabelledField>
        <div>
          <SubmitButton
            pending={update.isPending}
            disabled={update.isPending || !canSubmitEmail(typed ?? "", profile.email)}
          >
            Update Email
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
