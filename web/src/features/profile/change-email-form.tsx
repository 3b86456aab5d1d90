import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { Profile } from "#contract/api/profile.ts";
import { errorId, FormField } from "#web/components/form-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
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
  const { errors } = form.formState;
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
          const message = errorMessage(error, "Failed to update email");
          const code = errorCodeOf(error);
          if (code === "wrong_password") form.setError("currentPassword", { message });
          else if (code === "email_taken") form.setError("email", { message });
          toast.error("Failed to update email", { description: message });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="change-email-heading">
      <h3 id="change-email-heading" className="font-semibold text-slate-900">
        Change Email
      </h3>
      <FormField id="security-email" label="New email" error={errors.email?.message}>
        <Input
          id="security-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errorId("security-email")}
          {...form.register("email")}
        />
      </FormField>
      <FormField
        id="security-email-password"
        label="Current password"
        error={errors.currentPassword?.message}
      >
        <PasswordInput
          id="security-email-password"
          toggleLabel="current password"
          autoComplete="current-password"
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errorId("security-email-password")}
          {...form.register("currentPassword")}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={update.isPending || !canSubmitEmail(typed ?? "", profile.email)}>
          {update.isPending ? <Spinner className="text-white" /> : null}
          Update Email
        </Button>
      </div>
    </form>
  );
}
