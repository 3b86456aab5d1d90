import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { errorId, FormField } from "#web/components/form-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { changePasswordFormSchema, type ChangePasswordForm as PasswordValues } from "./security-forms.ts";
import { useUpdateProfile } from "./use-profile-mutations.ts";

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Current, new and confirmed password (each with show/hide) → PUT /api/profile; other sessions end. */
export function ChangePasswordForm() {
  const update = useUpdateProfile();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { password: values.newPassword, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          toast.success("Password Changed", {
            description: "Your password was changed and your other sessions were signed out.",
          });
          form.reset(EMPTY);
        },
        onError: (error) => {
          const message = errorMessage(error, "Failed to change password");
          if (errorCodeOf(error) === "wrong_password") form.setError("currentPassword", { message });
          toast.error("Update Failed", { description: message });
        },
      },
    ),
  );

  const field = (name: keyof PasswordValues, id: string, label: string, autoComplete: string) => (
    <FormField id={id} label={label} error={errors[name]?.message}>
      <PasswordInput
        id={id}
        toggleLabel={label.toLowerCase()}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errorId(id)}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold text-slate-900">
        Change Password
      </h3>
      {field("currentPassword", "security-current-password", "Current password", "current-password")}
      {field("newPassword", "security-new-password", "New password", "new-password")}
      {field("confirmPassword", "security-confirm-password", "Confirm new password", "new-password")}
      <p className="text-xs text-slate-500">Changing your password signs you out on your other devices.</p>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="text-white" /> : null}
          Change Password
        </Button>
      </div>
    </form>
  );
}
