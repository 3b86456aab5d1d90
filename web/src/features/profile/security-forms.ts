import { z } from "zod";
import { emailSchema } from "#contract/api/auth.ts";
import { MESSAGES } from "#contract/errors.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#contract/limits.ts";

/** The change-password messages, in the order they are checked: required, match, length. */
export const PASSWORD_CHANGE_MESSAGES = {
  required: "Please enter a new password",
  mismatch: "New passwords do not match",
  tooShort: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

const currentPassword = z.string().min(1, { error: MESSAGES.currentPasswordRequired });

/** Change password: current password, new password and its confirmation. One message at a time. */
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    const problem = passwordChangeProblem(newPassword, confirmPassword);
    if (problem) {
      context.addIssue({
        code: "custom",
        message: problem,
        path: [problem === PASSWORD_CHANGE_MESSAGES.mismatch ? "confirmPassword" : "newPassword"],
      });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The first rule the new password breaks, or null. Pure: unit-tested. */
export function passwordChangeProblem(newPassword: string, confirmPassword: string): string | null {
  if (!newPassword) return PASSWORD_CHANGE_MESSAGES.required;
  if (newPassword !== confirmPassword) return PASSWORD_CHANGE_MESSAGES.mismatch;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return PASSWORD_CHANGE_MESSAGES.tooShort;
  if (newPassword.length > PASSWORD_MAX_LENGTH) return PASSWORD_CHANGE_MESSAGES.tooLong;
  return null;
}

/** Change email: the new address (the contract's e-mail rules) and the current password. */
export const changeEmailFormSchema = z.object({ email: emailSchema, currentPassword });
export type ChangeEmailForm = z.input<typeof changeEmailFormSchema>;

/** "Update Email" is disabled while the field is empty or still holds the current address. */
export function canSubmitEmail(typed: string, currentEmail: string): boolean {
  const next = typed.trim().toLowerCase();
  return next.length > 0 && next !== currentEmail.trim().toLowerCase();
}
