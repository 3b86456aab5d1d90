import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { resetPasswordBodySchema } from "#contract/api/auth.ts";
import type { ResetPasswordAnswer } from "#contract/api/second-factor.ts";
import { PASSWORD_MIN_LENGTH } from "#contract/limits.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PasswordInput } from "#web/components/password-input.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import { useResetPassword } from "./use-auth-mutations.ts";

export const PASSWORDS_DONT_MATCH = "Passwords Don't Match";

const resetFormSchema = z
  .object({
    newPassword: resetPasswordBodySchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });

export type ResetPasswordFormProps = {
  token: string;
  /**
   * The password is changed. `answer` says whether the server signed the member in (`user`), asks for their
   * second factor first (`secondFactorRequired`), or neither (null).
   */
  onReset: (answer: ResetPasswordAnswer | null) => void;
};

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const [newPassword, confirmPassword] = form.watch(["newPassword", "confirmPassword"]);
  const canSubmit = token !== "" && newPassword !== "" && newPassword === confirmPassword && !reset.isPending;

  const onSubmit = form.handleSubmit(
    ({ newPassword: password }) => {
      if (!token) {
        toast.error("Invalid Token", { description: "This reset link has no token. Request a new one." });
        return;
      }
      reset.mutate(
        { token, newPassword: password },
        {
          onSuccess: (answer) => {
            toast.success("Password Reset", {
              description: answer?.message ?? "Your password has been changed.",
            });
            onReset(answer);
          },
          onError: (error) => {
            if (applyServerFieldErrors(form, error)) return;
            toast.error("Reset Failed", { description: errorMessage(error, "Failed to reset password.") });
          },
        },
      );
    },
    (invalid) => {
      const first = invalid.newPassword ?? invalid.confirmPassword;
      if (first?.message === PASSWORDS_DONT_MATCH) {
        toast.error(PASSWORDS_DONT_MATCH, { description: "Please enter the same password in both fields." });
      } else if (first?.message) {
        toast.error("Invalid Password", { description: first.message });
      }
    },
  );

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle level={1} className="text-2xl" id="reset-title">
          Choose a new password
        </CardTitle>
        <CardDescription>
          Use at least {PASSWORD_MIN_LENGTH} characters. You will use it to sign in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="reset-title">
            <LabelledField control={form.control} name="newPassword" label="New Password">
              {({ field }) => (
                <PasswordInput autoComplete="new-password" required toggleLabel="password" {...field} />
              )}
            </LabelledField>
            <LabelledField control={form.control} name="confirmPassword" label="Confirm New Password">
              {({ field }) => (
                <PasswordInput
                  autoComplete="new-password"
                  required
                  toggleLabel="password confirmation"
                  {...field}
                />
              )}
            </LabelledField>
            <p aria-live="polite" className="text-sm font-medium text-amber-800 empty:hidden">
              {confirmPassword !== "" && newPassword !== confirmPassword ? PASSWORDS_DONT_MATCH : ""}
            </p>
            <SubmitButton pending={reset.isPending} disabled={!canSubmit} size="lg" className="w-full">
              Reset Password
            </SubmitButton>
          </form>
        </Form>
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/auth" className="rounded font-medium text-brand-700 hover:underline">
          Back to Login
        </Link>
      </CardFooter>
    </Card>
  );
}
