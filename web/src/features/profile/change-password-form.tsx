import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { changePasswordFormSchema, type ChangePasswordForm as PasswordValues } from "./security-forms.ts";
import { useUpdateProfile } from "./use-profile-mutations.ts";
import { SESSIONS_QUERY_KEY } from "./use-signed-in-sessions.ts";

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Current, new and confirmed password (each with show/hide) → PUT /api/profile; other sessions end. */
export function ChangePasswordForm() {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { password: values.newPassword, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          toast.success("Password Changed", {
            description: "Your password was changed and your other sessions were signed out.",
          });
          form.reset(EMPTY);
          void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
        },
        onError: (error) => {
          // The body's `password` is the form's new password.
          applyServerFieldErrors(form, error, (name) => (name === "password" ? "newPassword" : name));
          toast.error("Update Failed", { description: errorMessage(error, "Failed to change password") });
        },
      },
    ),
  );

  const passwordField = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <LabelledField control={form.control} name={name} label={label}>
      {({ field }) => (
        <PasswordInput toggleLabel={label.toLowerCase()} autoComplete={autoComplete} {...field} />
      )}
    </LabelledField>
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" tabIndex={-1} className="font-semibold text-slate-900 outline-none">
          Change Password
        </h3>
        {passwordField("currentPassword", "Current password", "current-password")}
        {passwordField("newPassword", "New password", "new-password")}
        {passwordField("confirmPassword", "Confirm new password", "new-password")}
        <p className="text-xs text-slate-500">Changing your password signs you out on your other devices.</p>
        <div>
          <SubmitButton pending={update.isPending}>Change Password</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
